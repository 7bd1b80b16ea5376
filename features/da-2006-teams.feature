# language: da
Egenskab: RISK for 4 spillere på 2 hold (manual 000, side 10)

  Baggrund:
    Givet reglerne "da-2006-teams"

  @cite:000:p10
  Scenarie: Rød og sort har begge fire arméer på Grønland; ingen kontrollerer det
    Givet spillerne "rød, gul, sort, blå"
    Og "sort" har 4 arméer i "Grønland"
    Og "rød" har 4 arméer i "Grønland"
    Og "sort" har 2 arméer i "Østlige Amerika"
    Og "rød" har 3 arméer i "Østlige Amerika"
    Og det er "sort"s tur til at angribe
    Så kontrollerer ingen "Grønland"
    Og kontrollerer "rød" "Østlige Amerika"

  @cite:000:p5
  Scenarie: Forstærkninger anbringes kun i territorier, du kontrollerer, ikke hos en holdkammerat
    Givet spillerne "rød, gul, sort, blå"
    Og "sort" har 4 arméer i "Grønland"
    Og "rød" har 4 arméer i "Grønland"
    Og "sort" har 2 arméer i "Østlige Amerika"
    Og "rød" har 3 arméer i "Østlige Amerika"
    Og "rød" har 1 arméer i "Alaska"
    Og "sort" har 2 arméer i "Island"
    Og "gul" har alle andre territorier
    Når det er "sort"s tur
    Og "sort" placerer 1 arméer i "Østlige Amerika"
    Så afvises trækket efter reglen "teams.reinforce.into_team"
    Når "sort" placerer 1 arméer i "Grønland"
    Så afvises trækket efter reglen "teams.reinforce.into_team"
    Når "sort" placerer 1 arméer i "Alaska"
    Så afvises trækket efter reglen "territory.control"
    Når "sort" placerer 1 arméer i "Island"
    Så er trækket tilladt

  @cite:000:p10
  Scenarie: Et kontinent med et territorium uden ejer giver ingen bonus
    Givet spillerne "rød, gul, sort, blå"
    Og "rød" har hele "Sydamerika" med 2 arméer i hvert territorium
    Og "sort" har 2 arméer i "Brasilien"
    Og "gul" har alle andre territorier
    Når det er "rød"s tur
    Så modtager "rød" 3 forstærkninger

  @cite:000:p10
  Scenarie: Rød overfører fra Indonesien gennem venlige territorier til Østafrika
    Givet spillerne "rød, gul, sort, blå"
    Og "rød" har 6 arméer i "Indonesien"
    Og "sort" har 2 arméer i "Siam"
    Og "rød" har 1 arméer i "Indien"
    Og "rød" har 1 arméer i "Mellemøsten"
    Og "sort" har 1 arméer i "Mellemøsten"
    Og "rød" har 1 arméer i "Østafrika"
    Og "gul" har alle andre territorier
    Og det er "rød"s tur til at angribe
    Når "rød" overfører 5 arméer fra "Indonesien" til "Østafrika"
    Så er trækket tilladt
    Og har "Østafrika" 6 arméer

  @cite:000:p10
  Scenarie: Man må ikke angribe en spiller på sit eget hold
    Givet spillerne "rød, gul, sort, blå"
    Og "rød" har 6 arméer i "Siam"
    Og "sort" har 2 arméer i "Indonesien"
    Og det er "rød"s tur til at angribe
    Når "rød" angriber "Indonesien" fra "Siam" og slår 6, 6, 6 mod 1, 1
    Så afvises trækket efter reglen "teams.friendly_fire"

  @cite:000:p10
  Scenarie: Holdets kort gives videre til den næste spiller på holdet
    Givet spillerne "rød, gul, sort, blå"
    Og "rød" har kortene "infanteri, kavaleri"
    Og det er "rød"s tur til at angribe
    Når "rød" afslutter sin tur
    Så har "rød" 0 kort
    Og har "sort" 2 kort

  @cite:000:p10
  Scenarie: Det første hold, der udsletter én spiller på det andet hold, vinder
    Givet spillerne "rød, gul, sort, blå"
    Og "gul" har 1 arméer i "Island"
    Og "rød" har 5 arméer i "Grønland"
    Og "blå" har alle andre territorier
    Og det er "rød"s tur til at angribe
    Når "rød" angriber "Island" fra "Grønland" og slår 6, 6, 6 mod 1
    Og "rød" rykker 3 arméer ind
    Så er "gul" ude af spillet
    Og vinder "rød" spillet

  @cite:000:p10
  Scenarie: Fire spillere på to hold sidder skiftevis og gør krav på brættet
    Når 4 spillere gør krav på brættet og placerer deres startarméer
    Så sidder holdene skiftevis
    Og er alle territorier besat
    Og er der 120 arméer på brættet

  @cite:000:p10
  Scenarie: Holdene sidder skiftevis, hold for hold
    Givet holdene "rød, gul" og "blå, grøn"
    Og "rød" har 3 arméer i "Brasilien"
    Når det er "rød"s tur
    Så er "rød" og "gul" holdkammerater
    Og er "blå" og "grøn" holdkammerater
    Og er "rød" og "blå" modstandere

  @cite:000:p4
  Scenarie: Den, der slår det højeste, starter, og spillet går til venstre
    Givet spillerne "rød, blå, gul, grøn"
    Når spillerne slår 2, 3, 6, 1 for at se, hvem der starter
    Så starter "gul", efterfulgt af "grøn"
