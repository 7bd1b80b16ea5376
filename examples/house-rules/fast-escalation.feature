Feature: Sets escalate by five from the start
  Background:
    Given the ruleset "fast-escalation"

  Scenario: Five more for every set
    Then the sets are worth 5, 10, 15, 20, 25, 30
