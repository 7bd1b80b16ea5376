# language: nl
Functionaliteit: De Nederlandse spelregels (handleiding 004)
  De voorbeelden en getallen uit handleiding 004, gespeeld volgens de spelregels "nl-classic".

  Achtergrond:
    Gegeven de spelregels "nl-classic"

  @cite:004:Opstelling
  Scenario: Aantal legers per aantal spelers
    Dan begint elk van 3 spelers met 35 legers
    En begint elk van 4 spelers met 30 legers
    En begint elk van 5 spelers met 25 legers
    En begint elk van 6 spelers met 20 legers

  @cite:004:Opstelling
  Scenario: Wie het hoogste aantal gooit, begint
    Gegeven de spelers "rood, blauw, groen"
    Als de spelers 3, 1, 6 gooien om te zien wie begint
    Dan begint "groen", gevolgd door "rood"

  @cite:004:Opstelling
  Scenario: Alle 42 gebieden worden ingenomen en daarna versterkt
    Als 6 spelers het bord bezetten en hun legers plaatsen
    Dan zijn alle gebieden bezet
    En staan er 120 legers op het bord

  @cite:004:Gebieden
  Scenario: 11 gebieden = 3 legers
    Als een speler 11 gebieden bezit
    Dan krijgt de speler 3 legers

  @cite:004:Gebieden
  Scenario: 14 gebieden = 4 legers
    Als een speler 14 gebieden bezit
    Dan krijgt de speler 4 legers

  @cite:004:Gebieden
  Scenario: 17 gebieden = 5 legers
    Als een speler 17 gebieden bezit
    Dan krijgt de speler 5 legers

  @cite:004:Gebieden
  Scenario: Altijd minimaal 3 legers, zelfs met minder dan 9 gebieden
    Als een speler 2 gebieden bezit
    Dan krijgt de speler 3 legers

  @cite:004:Continenten
  Scenario: De extra legers per continent
    Dan is "Azië" 7 legers waard
    En is "Noord-Amerika" 5 legers waard
    En is "Europa" 5 legers waard
    En is "Afrika" 3 legers waard
    En is "Zuid-Amerika" 2 legers waard
    En is "Australië" 2 legers waard

  @cite:004:Continenten
  Scenario: Gebieden en continenten samen
    Als een speler 12 gebieden bezit
    En de speler "Azië" controleert
    Dan krijgt de speler 11 legers

  @cite:004:Het_inruilen_van_kaarten_voor_legers
  Scenario: De zevende set is 20 legers waard, de achtste 25
    Dan is set nummer 7 20 legers waard
    En is set nummer 8 25 legers waard

  @cite:004:Het_inruilen_van_kaarten_voor_legers
  Scenario: De 3de set is 8 legers waard, ook al is het jouw eerste
    Gegeven de spelers "rood, blauw"
    En er zijn al 2 sets ingeruild
    En "rood" heeft de kaarten "cavalerie, cavalerie, cavalerie"
    Als "rood" aan de beurt is
    En "rood" een set inruilt
    Dan krijgt "rood" 8 legers voor de set

  @cite:004:Het_inruilen_van_kaarten_voor_legers
  Scenario: Niet meer dan 2 extra legers per beurt voor bezette gebieden
    Gegeven de spelers "rood, blauw"
    En "rood" heeft 1 legers in "Alaska"
    En "rood" heeft 1 legers in "Alberta"
    En "rood" heeft de kaarten "Alaska, Noordwest-Territorium, Groenland, Alberta, Ontario, Quebec"
    Als "rood" aan de beurt is
    En "rood" de kaarten "Alaska, Noordwest-Territorium, Groenland" inruilt en de extra legers op "Alaska" zet
    Dan is de zet toegestaan
    En kwamen de extra legers van de set op "Alaska"
    En heeft "Alaska" 3 legers
    Als "rood" de kaarten "Alberta, Ontario, Quebec" inruilt en de extra legers op "Alberta" zet
    Dan wordt de zet geweigerd volgens regel "cards.territory_bonus"
    Als "rood" de kaarten "Alberta, Ontario, Quebec" inruilt
    Dan is de zet toegestaan
    En gaf de set geen extra legers
    En heeft "Alberta" 1 legers

  @cite:004:Het_verdienen_van_de_kaarten
  Scenario: Met 5 kaarten aan het begin van je beurt moet je inruilen
    Gegeven de spelers "rood, blauw"
    En "rood" heeft de kaarten "infanterie, infanterie, cavalerie, cavalerie, artillerie"
    Als "rood" aan de beurt is
    Dan moet "rood" een set inruilen

  @cite:004:Het_verdienen_van_de_kaarten
  Scenario: 2 kaarten en een wilde kaart vormen een set
    Gegeven een speler met de kaarten "infanterie, artillerie, wilde kaart"
    Dan vormen de kaarten een set
    Gegeven een speler met de kaarten "infanterie, infanterie, artillerie"
    Dan vormen de kaarten geen set

  @cite:004:Aanvallen
  Scenario: Groenland mag NoordWest, Ontario, Quebec en IJsland aanvallen
    Dan grenst "Groenland" alleen aan "Noordwest-Territorium, Ontario, Quebec en IJsland"

  @cite:004:Aanvallen
  Scenario: Noord-Afrika kan Egypte, West-Europa en Brazilië aanvallen
    Dan grenst "Noord-Afrika" aan "Egypte, West-Europa en Brazilië"

  @cite:004:Aanvallen
  Scenario: Alaska wordt beschouwd als grenzend aan Kamchatka
    Dan grenst "Alaska" aan "Kamchatka"

  @cite:004:Aanvallen
  Scenario: Aanvallen kan alleen vanuit een gebied met minstens twee legers, op een buurgebied
    Gegeven de spelers "blauw, rood"
    En "blauw" heeft 1 legers in "Noord-Afrika"
    En "blauw" heeft 5 legers in "Brazilië"
    En "rood" heeft 2 legers in "Egypte"
    En "rood" heeft 2 legers in "Peru"
    En "blauw" is aan de beurt om aan te vallen
    Als "blauw" "Egypte" aanvalt vanuit "Noord-Afrika" met 6 tegen 1
    Dan wordt de zet geweigerd volgens regel "combat.attack_requires"
    Als "blauw" "Egypte" aanvalt vanuit "Brazilië" met 6, 6, 6 tegen 1, 1
    Dan wordt de zet geweigerd volgens regel "combat.adjacency"
    Als "blauw" "Peru" aanvalt vanuit "Brazilië" met 6, 6, 6 tegen 1, 1, 1
    Dan wordt de zet geweigerd volgens regel "combat.defender.dice"
    Als "blauw" "Peru" aanvalt vanuit "Brazilië" met 6, 6, 6 tegen 1, 1
    Dan is de zet toegestaan
    En heeft "Peru" 0 legers

  @cite:004:Het_aanvallen
  Scenario: De aanvaller gooit 1, 2 of 3 dobbelstenen, de verdediger 1 of 2
    Dan kan een gebied met 1 legers niet aanvallen
    En vanuit een gebied met 2 legers gooit de aanvaller 1 tot 1 dobbelstenen
    En vanuit een gebied met 3 legers gooit de aanvaller 1 tot 2 dobbelstenen
    En vanuit een gebied met 4 legers gooit de aanvaller 1 tot 3 dobbelstenen
    En met 1 legers gooit de verdediger 1 tot 1 dobbelstenen
    En met 2 legers gooit de verdediger 1 tot 2 dobbelstenen

  @cite:004:Uitkomst_van_een_gevecht
  Scenario: Als de dobbelsteen van de verdediger hoger of gelijk is, verliest de aanvaller
    Als de aanvaller 4, 2 gooit en de verdediger 4, 1
    Dan verliest de aanvaller 1 en de verdediger 1
    Als de aanvaller 6, 6, 6 gooit en de verdediger 6, 6
    Dan verliest de aanvaller 2 en de verdediger 0

  @cite:004:Versterk_uw_positie
  Scenario: Van één gebied naar één aangrenzend gebied, altijd één leger achterlaten
    Gegeven de spelers "blauw, rood"
    En "blauw" heeft 6 legers in "Groenland"
    En "blauw" heeft 1 legers in "IJsland"
    En "blauw" heeft 1 legers in "Scandinavië"
    En "blauw" is aan de beurt om aan te vallen
    Als "blauw" 3 legers verplaatst van "Groenland" naar "Scandinavië"
    Dan wordt de zet geweigerd volgens regel "fortify.reach"
    Als "blauw" 6 legers verplaatst van "Groenland" naar "IJsland"
    Dan wordt de zet geweigerd volgens regel "fortify.leave_behind"
    Als "blauw" 5 legers verplaatst van "Groenland" naar "IJsland"
    Dan heeft "IJsland" 6 legers

  @cite:004:Het_verdienen_van_de_kaarten
  Scenario: Eén (en slechts één) kaart na een beurt met een verovering
    Gegeven de spelers "blauw, rood"
    En "blauw" heeft 7 legers in "Groenland"
    En "rood" heeft 1 legers in "IJsland"
    En "rood" heeft 1 legers in "Quebec"
    En "blauw" is aan de beurt om aan te vallen
    Als "blauw" "IJsland" aanvalt vanuit "Groenland" met 6, 6, 6 tegen 1
    En "blauw" 3 legers naar het veroverde gebied verplaatst
    En "blauw" "Quebec" aanvalt vanuit "Groenland" met 6, 6 tegen 1
    En "blauw" 2 legers naar het veroverde gebied verplaatst
    En "blauw" de beurt beëindigt
    Dan heeft "blauw" 1 kaarten
    En is "rood" nu aan de beurt

  @cite:004:Doel_van_het_spel
  Scenario: Je wint door al je tegenstanders te elimineren
    Gegeven de spelers "blauw, rood"
    En "blauw" heeft 4 legers in "Groenland"
    En "rood" heeft 1 legers in "IJsland"
    En "blauw" bezit alle andere gebieden
    En "blauw" is aan de beurt om aan te vallen
    Als "blauw" "IJsland" aanvalt vanuit "Groenland" met 6, 6, 6 tegen 1
    En "blauw" 3 legers naar het veroverde gebied verplaatst
    Dan ligt "rood" uit het spel
    En wint "blauw" het spel
