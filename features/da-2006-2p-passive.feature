# language: da
Egenskab: RISK for 2 spillere med passive neutrale hære (manual 000, side 8)

  Baggrund:
    Givet reglerne "da-2006-2p-passive"

  @cite:000:p8
  Scenarie: 36 startarméer til hver spiller og 24 til hver neutral hær
    Så starter hver af 2 spillere med 36 arméer
    Og starter hver neutral hær med 24 arméer
    Og er et spil for 3 spillere ikke tilladt

  @cite:000:p8
  Scenarie: Kortene deles uden jokere: 12 til hver spiller, 9 til hver neutral hær
    Så får hver spiller 12 kort og hver neutral hær 9
    Når 2 spillere og 2 neutrale hære får kortene delt
    Så er alle territorier besat
    Og har hver spiller 12 territorier
    Og har hver neutral hær 9 territorier
    Og er der 42 arméer på brættet

  @cite:000:p8
  Scenarie: Spillerne placerer tre arméer ad gangen og én for hver neutral hær
    Når 2 spillere og 2 neutrale hære får kortene delt
    Og spillerne slår 2, 5 for at se, hvem der placerer først
    Så placerer "p2" først
    Og placerer "p2" højst 3 egne arméer og 1 for hver neutral hær

  @cite:000:p8
  Scenarie: Kast terningerne for at se, hvem der skal placere forstærkningerne først
    Når 2 spillere og 2 neutrale hære får kortene delt
    Og "p1" placerer 3 arméer i "Alaska"
    Så afvises trækket efter reglen "turn.phases"
    Når spillerne slår 4, 4 for at se, hvem der placerer først
    Og spillerne slår 6, 1 for at se, hvem der placerer først
    Så placerer "p1" først

  @cite:000:p8
  Scenarie: Forberedelserne spilles færdig: alle startarméer står på brættet
    Når 2 spillere og 2 neutrale hære får kortene delt
    Og forberedelserne spilles færdig
    Så er alle territorier besat
    Og er der 120 arméer på brættet

  @cite:000:p8
  Scenarie: Modspilleren slår forsvaret for den neutrale hær, som aldrig forstærkes
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "gul" har 3 arméer i "Quebec"
    Og "sort" har 2 arméer i "Island"
    Og "rød" har 6 arméer i "Grønland"
    Når det er "rød"s tur
    Så kan "gul" hverken flytte sig, forstærkes eller angribe
    Og kan "sort" hverken flytte sig, forstærkes eller angribe
    Når "rød" placerer alle forstærkninger i "Grønland"
    Og "rød" angriber "Quebec" fra "Grønland" og slår 6, 6, 6 mod 5, 4
    Så er trækket tilladt
    Og har "Quebec" 1 arméer

  @cite:000:p8
  Scenarie: Spillerne kaster derefter terningerne for at se, hvem der skal starte
    Når 2 spillere og 2 neutrale hære får kortene delt
    Og forberedelserne spilles færdig
    Og spillerne slår igen 3, 5 for at se, hvem der tager den første tur
    Så er det nu "p2"s tur
    Når "p1" afslutter sin tur
    Så afvises trækket efter reglen "turn.phases"
    Når "p2" placerer alle forstærkninger i et af sine territorier
    Og "p2" afslutter sin tur
    Så er trækket tilladt
    Og er det nu "p1"s tur

  @cite:000:p8
  Scenarie: Når rød angriber den neutrale hær, slår blå dens forsvar
    Givet spillerne "rød, blå"
    Og de neutrale hære "gul, sort"
    Og "gul" har 3 arméer i "Quebec"
    Og "rød" har 6 arméer i "Grønland"
    Og det er "rød"s tur til at angribe
    Når "rød" angriber "Quebec" fra "Grønland" og slår 6, 1, 1 mod 5, 4
    Så slår "blå" for "gul"

  @cite:000:p4
  Scenarie: Den, der slår det højeste, starter, og spillet går til venstre
    Givet spillerne "rød, blå"
    Når spillerne slår 2, 4 for at se, hvem der starter
    Så starter "blå", efterfulgt af "rød"

  # Spillets formål for 2 spillere (side 8); det passive spil siger, hvem der slår for forsvaret.
  @cite:000:p8
  Scenarie: Hvem der slår for en neutral hærs forsvar i det passive spil, står i manualen
    Så står reglen "neutrals.defence_rolled_by" i manualen
    Og står reglen "victory" i manualen
