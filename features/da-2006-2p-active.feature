# language: da
Egenskab: RISK for 2 spillere med aktive neutrale hære (manual 000, side 8-9)

  Baggrund:
    Givet reglerne "da-2006-2p-active"

  @cite:000:p8
  Scenarie: Rød bestikker den gule hær, som bliver hans allierede
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "gul" er ikke involveret
    Og "rød" har kortene "infanteri, kavaleri"
    Når det er "rød"s tur
    Og "rød" bestikker "gul" med 1 kort
    Så er "gul" allieret med "rød"
    Og har "gul" 1 kort
    Og har "rød" 1 kort

  @cite:000:p8
  Scenarie: To kort til modspillerens allierede gør den til din allierede
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "sort" er allieret med "blå"
    Og "rød" har kortene "infanteri, kavaleri, artilleri"
    Når det er "rød"s tur
    Og "rød" bestikker "sort" med 2 kort
    Så er "sort" allieret med "rød"

  @cite:000:p8
  Scenarie: Uden RISK-kort kan man ikke bestikke
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "gul" er ikke involveret
    Og "blå" har kortene "infanteri"
    Når det er "rød"s tur
    Og "rød" bestikker "gul" med 1 kort
    Så afvises trækket efter reglen "neutrals.bribe.steps_per_card"
    Og er "gul" ikke involveret
    Når "rød" bestikker "gul" med kortet "infanteri"
    Så afvises trækket efter reglen "neutrals.bribe.steps_per_card"
    Når "blå" bestikker "gul" med kortet "infanteri"
    Så afvises trækket efter reglen "turn.phases"
    Og er "gul" ikke involveret

  @cite:000:p8
  Scenarie: En neutral hær med fem kort kan ikke længere bestikkes
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "gul" er ikke involveret
    Og "gul" har kortene "infanteri, infanteri, infanteri, kavaleri, kavaleri"
    Og "rød" har kortene "artilleri"
    Når det er "rød"s tur
    Og "rød" bestikker "gul" med 1 kort
    Så afvises trækket efter reglen "neutrals.bribe.max_cards"
    Og er "gul" ikke involveret

  @cite:000:p9
  Scenarie: Blå invaderer Quebec (sort, ikke involveret) og taber; terningen viser 3
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "sort" er ikke involveret
    Og "sort" har 5 arméer i "Quebec"
    Og "blå" har 3 arméer i "Ontario"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Quebec" fra "Ontario" og slår 2, 1 mod 6, 5
    Og "blå" stopper angrebet
    Så afvises trækket efter reglen "neutrals.status_die.keep"
    Når "blå" slår 3 med statusterningen for "sort"
    Så er "sort" allieret med "rød"

  @cite:000:p9
  Scenarie: Blå bruger den gule hær til at tage røds australske territorium; terningen viser 5
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "gul" er allieret med "blå"
    Og "gul" har 6 arméer i "Indonesien"
    Og "rød" har 1 arméer i "Vestaustralien"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Vestaustralien" fra "Indonesien" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Så kontrollerer "gul" "Vestaustralien"
    Når "blå" slår 5 med statusterningen for "gul"
    Så er "gul" allieret med "blå"
    Når "blå" afslutter sin tur
    Så har "blå" 0 kort

  @cite:000:p9
  Scenarie: En allieret forstærkes med det antal arméer, terningen viser
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "gul" er allieret med "rød"
    Og "gul" har 2 arméer i "Peru"
    Og "rød" har 2 arméer i "Alaska"
    Når det er "rød"s tur
    Og "rød" placerer alle forstærkninger i "Alaska"
    Og "rød" slår 4 for at forstærke "gul"
    Og "rød" placerer 4 arméer i "Peru"
    Så er trækket tilladt
    Og har "Peru" 6 arméer

  @cite:000:p9
  Scenarie: At udslette en neutral hær giver ét af dens kort, ikke flere
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "sort" er ikke involveret
    Og "sort" har kortene "infanteri, kavaleri"
    Og "sort" har 1 arméer i "Island"
    Og "rød" har 5 arméer i "Grønland"
    Og "blå" har alle andre territorier
    Og det er "rød"s tur til at angribe
    Når "rød" angriber "Island" fra "Grønland" og slår 6, 6, 6 mod 1
    Og "rød" rykker 3 arméer ind
    Så er "sort" ude af spillet
    Når "rød" tager kortene "infanteri, kavaleri" fra "sort"
    Så afvises trækket efter reglen "neutrals.elimination.cards"
    Når "rød" tager kortene "kavaleri" fra "sort"
    Så er trækket tilladt
    Og har "rød" 1 kort
    Og har "sort" 0 kort

  @cite:000:p9
  Scenarie: Kun den, der udslettede den neutrale hær, og kun kort, den har
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "sort" er ikke involveret
    Og "sort" har kortene "infanteri, kavaleri"
    Og "sort" har 1 arméer i "Island"
    Og "rød" har 5 arméer i "Grønland"
    Og "blå" har alle andre territorier
    Og det er "rød"s tur til at angribe
    Når "rød" angriber "Island" fra "Grønland" og slår 6, 6, 6 mod 1
    Og "rød" rykker 3 arméer ind
    Og "blå" tager kortene "kavaleri" fra "sort"
    Så afvises trækket efter reglen "turn.phases"
    Når "rød" tager kortene "artilleri" fra "sort"
    Så afvises trækket efter reglen "neutrals.elimination.cards"
    Og har "sort" 2 kort
    Når "rød" tager kortene "kavaleri" fra "sort"
    Så er trækket tilladt
    Og har "rød" 1 kort

  @cite:000:p9
  Scenarie: Du kan gøre krav på et hvilket som helst af den neutrale hærs kort
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "sort" er ikke involveret
    Og "sort" har kortene "infanteri, kavaleri, artilleri"
    Og "sort" har 1 arméer i "Island"
    Og "rød" har 5 arméer i "Grønland"
    Og "blå" har alle andre territorier
    Og det er "rød"s tur til at angribe
    Når "rød" angriber "Island" fra "Grønland" og slår 6, 6, 6 mod 1
    Og "rød" rykker 3 arméer ind
    Og "rød" tager kortene "kavaleri" fra "sort"
    Så er trækket tilladt
    Og har "rød" 1 kort
    Og har "sort" 0 kort

  @cite:000:p9
  Scenarie: Du overfører dine egne tropper før dine allieredes
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "gul" er allieret med "blå"
    Og "gul" har 3 arméer i "Indonesien"
    Og "gul" har 1 arméer i "Siam"
    Og "blå" har 3 arméer i "Kina"
    Og "blå" har 1 arméer i "Indien"
    Og det er "blå"s tur til at angribe
    Når "blå" overfører 2 arméer fra "Indonesien" til "Siam"
    Så er trækket tilladt
    Når "blå" overfører 2 arméer fra "Kina" til "Indien"
    Så afvises trækket efter reglen "turn.phases"

  @cite:000:p9
  Scenarie: Først dine egne tropper, så en allieret
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "gul" er allieret med "blå"
    Og "gul" har 3 arméer i "Indonesien"
    Og "gul" har 1 arméer i "Siam"
    Og "blå" har 3 arméer i "Kina"
    Og "blå" har 1 arméer i "Indien"
    Og det er "blå"s tur til at angribe
    Når "blå" overfører 2 arméer fra "Kina" til "Indien"
    Så er trækket tilladt
    Når "blå" overfører 2 arméer fra "Indonesien" til "Siam"
    Så er trækket tilladt
    Og har "Siam" 3 arméer

  @cite:000:p8
  @cite:000:p9
  Scenarie: En hel tur med en neutral allieret, fase for fase
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "gul" er ikke involveret
    Og "rød" har kortene "infanteri, kavaleri"
    Og "gul" har 3 arméer i "Indonesien"
    Og "gul" har 2 arméer i "Siam"
    Og "rød" har 3 arméer i "Kina"
    Og "rød" har 1 arméer i "Indien"
    Og "blå" har 1 arméer i "Vestaustralien"
    Når det er "rød"s tur
    Og "rød" bestikker "gul" med 1 kort
    Så er "gul" allieret med "rød"
    Når "rød" placerer alle forstærkninger i "Kina"
    Og "rød" slår 2 for at forstærke "gul"
    Og "rød" placerer 2 arméer i "Indonesien"
    Og "rød" afslutter forstærkningen af de allierede
    Og "rød" angriber "Vestaustralien" fra "Indonesien" og slår 6, 6, 6 mod 1
    Og "rød" rykker 3 arméer ind
    Så kontrollerer "gul" "Vestaustralien"
    Når "rød" slår 5 med statusterningen for "gul"
    Så er "gul" allieret med "rød"
    Når "rød" overfører 2 arméer fra "Kina" til "Indien"
    Så er trækket tilladt
    Når "rød" overfører 1 arméer fra "Siam" til "Indonesien"
    Så er trækket tilladt
    Når "rød" afslutter sin tur
    Så har "rød" 1 kort
    Og er det nu "blå"s tur

  @cite:000:p4
  Scenarie: Den, der slår det højeste, starter, og spillet går til venstre
    Givet spillerne "rød, blå"
    Når spillerne slår 5, 3 for at se, hvem der starter
    Så starter "rød", efterfulgt af "blå"

  # Kommandomanualen siger kun for det passive spil, hvem der slår for en neutral hærs forsvar.
  @cite:000:p8
  Scenarie: Hvem der slår for en neutral hærs forsvar i det aktive spil, er en antagelse
    Så er reglen "neutrals.defence_rolled_by" en antagelse
    Og står reglen "neutrals.status_die.keep" i manualen

  # Det antagne i spil: modspilleren slår for en neutral hær, ikke involveret eller hans allierede.
  @cite:000:p8
  Scenarie: Når blå angriber en neutral hær, slår rød dens forsvar
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "sort" er allieret med "rød"
    Og "gul" har 3 arméer i "Quebec"
    Og "sort" har 2 arméer i "Island"
    Og "blå" har 6 arméer i "Grønland"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Quebec" fra "Grønland" og slår 6, 1, 1 mod 5, 4
    Så slår "rød" for "gul"
    Og slår "rød" for "sort"
