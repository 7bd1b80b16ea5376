Feature: Fortify as often as you like
  Background:
    Given the ruleset "unlimited-fortify"

  Scenario: Two fortifying moves in one turn
    Given the players "blue, red"
    And "blue" has 5 armies in "Indonesia"
    And "blue" has 1 armies in "Siam"
    And "blue" has 4 armies in "Western Australia"
    And "blue" has 1 armies in "Eastern Australia"
    And "red" has 3 armies in "India"
    And it is "blue"'s turn to attack
    When "blue" moves 4 armies from "Indonesia" to "Siam"
    Then the move is allowed
    When "blue" moves 3 armies from "Western Australia" to "Eastern Australia"
    Then the move is allowed
