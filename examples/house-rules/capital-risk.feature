Feature: Capital Risk
  Background:
    Given the ruleset "capital-risk"

  Scenario: Taking the last capital wins, though the owner still has armies elsewhere
    Given the players "blue, red"
    And "blue" has 5 armies in "Alaska"
    And "red" has 1 armies in "Kamchatka"
    And "red" has 3 armies in "Peru"
    And "blue" holds every other territory
    And "blue" has chosen "Alaska" as capital
    And "red" has chosen "Kamchatka" as capital
    And it is "blue"'s turn to attack
    When "blue" attacks "Kamchatka" from "Alaska" rolling 6 against 1
    And "blue" moves 3 armies in
    Then "blue" wins the game

  Scenario: Holding your own capital alone is not enough
    Given the players "blue, red"
    And "blue" has 5 armies in "Alaska"
    And "red" has 1 armies in "Kamchatka"
    And "red" has 3 armies in "Peru"
    And "blue" holds every other territory
    And "blue" has chosen "Alaska" as capital
    And "red" has chosen "Peru" as capital
    And it is "blue"'s turn to attack
    When "blue" attacks "Kamchatka" from "Alaska" rolling 6 against 1
    And "blue" moves 3 armies in
    Then it is "blue"'s turn now
