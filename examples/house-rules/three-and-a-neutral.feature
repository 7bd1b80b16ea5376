Feature: Three or four players and a neutral army

  Background:
    Given the ruleset "three-and-a-neutral"

  Scenario: The neutral army starts with its own armies
    Then each of 3 players starts with 35 armies
    And each neutral army starts with 20 armies

  Scenario: The neutral army only defends
    Given the players "blue, red, green"
    And the neutral armies "grey"
    And "grey" has 2 armies in "Peru"
    And "blue" has 5 armies in "Brazil"
    When it is "blue"'s turn
    Then "grey" cannot move, reinforce or attack
    When "blue" places all reinforcements in "Brazil"
    And "blue" attacks "Peru" from "Brazil" rolling 3, 2, 1 against 6, 6
    Then the move is allowed
    And "Peru" holds 2 armies
