Feature: The attacker wins ties
  Background:
    Given the ruleset "attacker-wins-ties"

  Scenario: A tie goes to the attacker
    When the attacker rolls 6 and the defender rolls 6
    Then the attacker loses 0 and the defender loses 1

  Scenario: The higher die still wins
    When the attacker rolls 3, 2 and the defender rolls 6, 2
    Then the attacker loses 1 and the defender loses 1
