Feature: No territory cards
  Background:
    Given the ruleset "no-cards"

  Scenario: A turn with a conquest draws no card
    Given the players "blue, red"
    And "blue" has 5 armies in "Alaska"
    And "red" has 1 armies in "Kamchatka"
    And "red" has 3 armies in "Peru"
    And it is "blue"'s turn to attack
    When "blue" attacks "Kamchatka" from "Alaska" rolling 6 against 1
    And "blue" moves 3 armies in
    And "blue" ends the turn
    Then "blue" holds 0 cards
