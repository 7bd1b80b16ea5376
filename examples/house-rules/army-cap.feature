# language: nl
Functionaliteit: Hoogstens twaalf legers in een gebied

  Achtergrond:
    Gegeven de spelregels "army-cap"

  Scenario: Nieuwe legers boven de grens worden geweigerd
    Gegeven de spelers "blauw, rood, groen"
    En "blauw" heeft 11 legers in "Brazilië"
    En "rood" heeft 1 legers in "Peru"
    Als "blauw" aan de beurt is
    En "blauw" 2 legers plaatst in "Brazilië"
    Dan wordt de zet geweigerd volgens regel "territory.max_armies"

  Scenario: Tot de grens mag je plaatsen
    Gegeven de spelers "blauw, rood, groen"
    En "blauw" heeft 11 legers in "Brazilië"
    En "rood" heeft 1 legers in "Peru"
    Als "blauw" aan de beurt is
    En "blauw" 1 legers plaatst in "Brazilië"
    Dan is de zet toegestaan
    En heeft "Brazilië" 12 legers
