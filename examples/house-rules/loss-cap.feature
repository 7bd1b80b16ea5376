Feature: The attacker loses at most one army a roll
  Background:
    Given the ruleset "loss-cap"

  Scenario: Two lost dice cost one army
    When the attacker rolls 1, 1 and the defender rolls 6, 6
    Then the attacker loses 1 and the defender loses 0

  Scenario: The defender still loses both
    When the attacker rolls 6, 6 and the defender rolls 1, 1
    Then the attacker loses 0 and the defender loses 2
