# language: nl
Functionaliteit: Een set is legers waard naar zijn symbolen
  Achtergrond:
    Gegeven de spelregels "sets-by-symbol"

  Scenario: Elk soort set heeft zijn eigen waarde
    Dan is een set infanterie 4 legers waard
    En is een set cavalerie 6 legers waard
    En is een set artillerie 8 legers waard
    En is een set gemengd 10 legers waard
