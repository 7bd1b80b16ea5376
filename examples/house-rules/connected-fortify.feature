Feature: Fortify along a chain of your own territories
  Background:
    Given the ruleset "connected-fortify"

  Scenario: A move may pass through your own territories
    Given a player who holds "Indonesia, Siam, India"
    Then the player may move armies from "Indonesia" to "India"

  Scenario: Not through someone else's
    Given a player who holds "Indonesia, India"
    Then the player may not move armies from "Indonesia" to "India"
