Feature: Every set is worth 10 armies
  Background:
    Given the ruleset "fixed-ten"

  Scenario: The first sets and the twentieth are worth the same
    Then the sets are worth 10, 10, 10, 10, 10
    And set number 20 is worth 10 armies
