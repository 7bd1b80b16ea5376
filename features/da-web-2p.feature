# language: da
Egenskab: Risk for 2 spillere med et neutralt område (manual 002)

  Baggrund:
    Givet reglerne "da-web-2p"

  @cite:002:OPSÆTNINGEN
  Scenarie: Moderne regler: 40 hære hver og et neutralt område med 40 hære
    Så starter hver af 2 spillere med 40 arméer
    Og starter hver neutral hær med 40 arméer
    Og er et spil for 3 spillere ikke tilladt

  @cite:002:OPSÆTNINGEN
  Scenarie: Den neutrale hær forsvarer kun; den anden spiller slår terningerne for den
    Givet spillerne "rød, blå"
    Og de neutrale hære "grå"
    Og "grå" har 2 arméer i "Peru"
    Og "rød" har 5 arméer i "Brasilien"
    Når det er "rød"s tur
    Så kan "grå" hverken flytte sig, forstærkes eller angribe
    Når "rød" placerer alle forstærkninger i "Brasilien"
    Og "rød" angriber "Peru" fra "Brasilien" og slår 3, 2, 1 mod 6, 6
    Så er trækket tilladt
    Og har "Peru" 2 arméer

  @cite:002:At_vinde_spillet
  Scenarie: Spillet fortsætter, så længe den neutrale hær har land
    Givet spillerne "blå, rød"
    Og de neutrale hære "grå"
    Og "blå" har 4 arméer i "Østafrika"
    Og "rød" har 1 arméer i "Egypten"
    Og "grå" har 2 arméer i "Peru"
    Og "blå" har 4 arméer i "Brasilien"
    Og "blå" har alle andre territorier
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Egypten" fra "Østafrika" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Så er "rød" ude af spillet
    Og fortsætter spillet
    Når "blå" angriber "Peru" fra "Brasilien" og slår 6, 6, 6 mod 1, 1
    Og "blå" rykker 3 arméer ind
    Så vinder "blå" spillet

  @cite:002:OPSÆTNINGEN
  Scenarie: Den, der slår det højeste, starter, og spillet går til venstre
    Givet spillerne "rød, blå"
    Når spillerne slår 2, 5 for at se, hvem der starter
    Så starter "blå", efterfulgt af "rød"
