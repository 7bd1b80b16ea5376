Feature: The first to hold 30 territories wins
  Background:
    Given the ruleset "thirty-territories"

  Scenario: Taking the thirtieth territory wins
    Given the players "blue, red"
    And "blue" has 5 armies in "Alaska"
    And "red" has 1 armies in "Kamchatka"
    And "red" has 1 armies in "Peru"
    And "blue" holds every other territory
    And it is "blue"'s turn to attack
    When "blue" attacks "Kamchatka" from "Alaska" rolling 6 against 1
    And "blue" moves 3 armies in
    Then "blue" wins the game
