Feature: At least five reinforcements
  Background:
    Given the ruleset "minimum-five"

  Scenario: Nine territories give five armies, not three
    When a player holds 9 territories
    Then the player receives 5 reinforcements

  Scenario: Eighteen territories give six
    When a player holds 18 territories
    Then the player receives 6 reinforcements
