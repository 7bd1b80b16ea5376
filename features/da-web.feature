# language: da
Egenskab: Risk brætspilsregler fra nettet (manual 002)
  Tallene og eksemplerne fra websiden, spillet efter reglerne "da-web".

  Baggrund:
    Givet reglerne "da-web"

  @cite:002:OPSÆTNINGEN
  Scenarie: Hære efter antal spillere
    Så starter hver af 3 spillere med 35 arméer
    Og starter hver af 4 spillere med 30 arméer
    Og starter hver af 5 spillere med 25 arméer
    Og starter hver af 6 spillere med 20 arméer

  @cite:002:OPSÆTNINGEN
  Scenarie: Alle skiftes til at placere en hær, indtil alle territorier er indtaget
    Når 5 spillere gør krav på brættet og placerer deres startarméer
    Så er alle territorier besat
    Og er der 125 arméer på brættet

  @cite:002:Få_og_placere_nye_hære
  Scenarie: Har du 14 territorier, får du 4 hære
    Når en spiller har 14 territorier
    Så modtager spilleren 4 forstærkninger

  @cite:002:Få_og_placere_nye_hære
  Scenarie: Hære for hvert kontinent, man kontrollerer (diagrammet på spillepladen)
    Når en spiller har 4 territorier
    Og spilleren kontrollerer "Australien"
    Så modtager spilleren 5 forstærkninger

  @cite:002:Regler_for_angreb
  Scenarie: Du må kun angribe territorier, der berører dit eget
    Givet spillerne "blå, rød"
    Og "blå" har 5 arméer i "Brasilien"
    Og "rød" har 2 arméer i "Egypten"
    Og "rød" har 2 arméer i "Nordafrika"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Egypten" fra "Brasilien" og slår 6, 6, 6 mod 1, 1
    Så afvises trækket efter reglen "combat.adjacency"
    Når "blå" angriber "Nordafrika" fra "Brasilien" og slår 6, 6, 6 mod 1, 1
    Så er trækket tilladt

  @cite:002:Risikokort
  Scenarie: Første sæt 4 hære, andet 6, og så videre med 5 mere efter det sjette
    Så er kortsættene værd 4, 6, 8, 10, 12, 15, 20, 25
    Og er kortsæt nummer 8 25 arméer værd

  @cite:002:Risikokort
  Scenarie: Med 6 kort skal du aflevere et sæt og det andet, hvis det er fyldt
    Givet spillerne "blå, rød, grøn"
    Og "blå" har kortene "infanteri, infanteri, infanteri, kavaleri, kavaleri, kavaleri"
    Når det er "blå"s tur
    Så skal "blå" bytte et kortsæt
    Når "blå" bytter et kortsæt
    Så skal "blå" bytte et kortsæt
    Når "blå" bytter et kortsæt
    Så behøver "blå" ikke at bytte
    Og har "blå" 0 kort

  @cite:002:Risikokort
  Scenarie: Med 6 kort og kun ét fyldt sæt byttes ét sæt
    Givet spillerne "blå, rød, grøn"
    Og "blå" har 1 arméer i "Argentina"
    Og "rød" har alle andre territorier
    Og "blå" har kortene "infanteri, infanteri, infanteri, kavaleri, kavaleri, artilleri"
    Når det er "blå"s tur
    Og "blå" bytter kortene "infanteri, infanteri, infanteri"
    Så behøver "blå" ikke at bytte

  @cite:002:Indfangning_af_territorier
  Scenarie: Besæt det nye territorium med mindst lige så mange hære, som der blev kastet terninger
    Givet spillerne "blå, rød"
    Og "blå" har 5 arméer i "Brasilien"
    Og "rød" har 1 arméer i "Nordafrika"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Nordafrika" fra "Brasilien" og slår 5, 3 mod 2
    Så skal "blå" rykke mindst 2 og højst 4 arméer ind
    Når "blå" rykker 1 arméer ind
    Så afvises trækket efter reglen "conquest.move_in.minimum"
    Når "blå" rykker 2 arméer ind
    Så har "Nordafrika" 2 arméer

  @cite:002:At_afgøre_en_kamp
  Scenarie: Angriberen kan aldrig miste mere end to hære pr. kast
    Når angriberen slår 1, 1, 1 og forsvareren slår 6, 6, 6
    Så mister angriberen 2 og forsvareren 0

  @cite:002:At_afgøre_en_kamp
  Scenarie: I tilfælde af uafgjort vinder forsvareren altid
    Når angriberen slår 5, 3 og forsvareren slår 5, 3
    Så mister angriberen 2 og forsvareren 0

  @cite:002:Angriber
  Scenarie: Kun ét kort pr. tur, uanset hvor mange territorier der erobres
    Givet spillerne "blå, rød"
    Og "blå" har 9 arméer i "Brasilien"
    Og "rød" har 1 arméer i "Nordafrika"
    Og "rød" har 1 arméer i "Argentina"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Nordafrika" fra "Brasilien" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Og "blå" angriber "Argentina" fra "Brasilien" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Og "blå" afslutter sin tur
    Så har "blå" 1 kort

  @cite:002:Eliminering_af_modstanderen
  Scenarie: Du vinder alle risikokort og skal bytte, hvis du har flere end seks
    Givet spillerne "blå, rød, grøn"
    Og "blå" har 6 arméer i "Brasilien"
    Og "rød" har 1 arméer i "Nordafrika"
    Og "grøn" har alle andre territorier
    Og "blå" har kortene "infanteri, infanteri, infanteri, kavaleri"
    Og "rød" har kortene "kavaleri, kavaleri, artilleri"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Nordafrika" fra "Brasilien" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Så er "rød" ude af spillet
    Og har "blå" 7 kort
    Og skal "blå" bytte et kortsæt
    Når "blå" bytter sæt, indtil der ikke skal byttes flere
    Så har "blå" højst 6 kort

  @cite:002:Styrkelse_af_din_position
  Scenarie: Befæstning til et tilstødende territorium, mindst én hær bliver tilbage
    Givet spillerne "blå, rød"
    Og "blå" har 4 arméer i "Peru"
    Og "blå" har 1 arméer i "Argentina"
    Og det er "blå"s tur til at angribe
    Når "blå" overfører 4 arméer fra "Peru" til "Argentina"
    Så afvises trækket efter reglen "fortify.leave_behind"
    Når "blå" overfører 3 arméer fra "Peru" til "Argentina"
    Så har "Argentina" 4 arméer

  @cite:002:At_vinde_spillet
  Scenarie: For at vinde skal du eliminere alle andre spillere
    Givet spillerne "blå, rød"
    Og "blå" har 4 arméer i "Brasilien"
    Og "rød" har 1 arméer i "Nordafrika"
    Og "blå" har alle andre territorier
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Nordafrika" fra "Brasilien" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Så vinder "blå" spillet

  @cite:002:OPSÆTNINGEN
  Scenarie: Den, der slår det højeste, starter, og spillet går til venstre
    Givet spillerne "rød, blå, grøn"
    Når spillerne slår 1, 2, 6 for at se, hvem der starter
    Så starter "grøn", efterfulgt af "rød"
