# language: da
Egenskab: Den danske oversættelse af de klassiske regler (manual 001)
  Eksemplerne og tallene fra manual 001, spillet efter reglerne "da-classic".

  Baggrund:
    Givet reglerne "da-classic"

  @cite:001:opsætning
  Scenarie: Startarméer efter antal spillere
    Så starter hver af 3 spillere med 35 arméer
    Og starter hver af 4 spillere med 30 arméer
    Og starter hver af 5 spillere med 25 arméer
    Og starter hver af 6 spillere med 20 arméer

  @cite:001:opsætning
  Scenarie: Tre spillere gør krav på alle 42 områder og placerer deres hære
    Når 3 spillere gør krav på brættet og placerer deres startarméer
    Så er alle territorier besat
    Og er der 105 arméer på brættet

  @cite:001:territorier
  Scenarie: 11 territorier giver 3 hære
    Når en spiller har 11 territorier
    Så modtager spilleren 3 forstærkninger

  @cite:001:territorier
  Scenarie: 14 territorier giver 4 hære
    Når en spiller har 14 territorier
    Så modtager spilleren 4 forstærkninger

  @cite:001:territorier
  Scenarie: 17 territorier giver 5 hære
    Når en spiller har 17 territorier
    Så modtager spilleren 5 forstærkninger

  @cite:001:territorier
  Scenarie: Altid mindst 3 hære, selv med færre end 9 territorier
    Når en spiller har 8 territorier
    Så modtager spilleren 3 forstærkninger

  @cite:001:kontinenter
  Scenarie: Hære for hvert kontinent, man kontrollerer (tallene står på brættet)
    Når en spiller har 12 territorier
    Og spilleren kontrollerer "Asien"
    Så modtager spilleren 11 forstærkninger

  @cite:001:handel_med_kort_til_hære
  Scenarie: Det syvende sæt giver 20 hære, det ottende 25
    Så er kortsæt nummer 7 20 arméer værd
    Og er kortsæt nummer 8 25 arméer værd
    Og er kortsæt nummer 9 30 arméer værd

  @cite:001:handel_med_kort_til_hære
  Scenarie: Spillets 3. sæt giver 8 hære, selvom det er spillerens første
    Givet spillerne "rød, blå"
    Og der er byttet 2 kortsæt i spillet
    Og "rød" har kortene "infanteri, infanteri, infanteri"
    Når det er "rød"s tur
    Og "rød" bytter et kortsæt
    Så får "rød" 8 arméer for sættet

  @cite:001:handel_med_kort_til_hære
  Scenarie: 2 ekstra hære på det afbildede område, man besætter
    Givet spillerne "rød, blå"
    Og "rød" har 3 arméer i "Alaska"
    Og "blå" har alle andre territorier
    Og "rød" har kortene "Alaska, Nordvestterritoriet, Grønland"
    Når det er "rød"s tur
    Så kan "rød" sætte de ekstra arméer for kortene "Alaska, Nordvestterritoriet, Grønland" på "Alaska"
    Når "rød" bytter kortene "Alaska, Nordvestterritoriet, Grønland"
    Så afvises trækket efter reglen "cards.territory_bonus"
    Når "rød" bytter kortene "Alaska, Nordvestterritoriet, Grønland" og sætter de ekstra arméer på "Alaska"
    Så er trækket tilladt
    Og kom de ekstra arméer for sættet på "Alaska"
    Og har "Alaska" 5 arméer

  @cite:001:handel_med_kort_til_hære
  Scenarie: Viser sættet to af dine områder, vælger du, hvilket der får de 2 ekstra hære
    Givet spillerne "rød, blå"
    Og "rød" har 3 arméer i "Alaska"
    Og "rød" har 2 arméer i "Grønland"
    Og "blå" har alle andre territorier
    Og "rød" har kortene "Alaska, Nordvestterritoriet, Grønland"
    Når det er "rød"s tur
    Så kan "rød" sætte de ekstra arméer for kortene "Alaska, Nordvestterritoriet, Grønland" på "Alaska" og "Grønland"
    Når "rød" bytter kortene "Alaska, Nordvestterritoriet, Grønland" og sætter de ekstra arméer på "Nordvestterritoriet"
    Så afvises trækket efter reglen "cards.territory_bonus"
    Når "rød" bytter kortene "Alaska, Nordvestterritoriet, Grønland" og sætter de ekstra arméer på "Grønland"
    Så er trækket tilladt
    Og kom de ekstra arméer for sættet på "Grønland"
    Og har "Grønland" 4 arméer
    Og har "Alaska" 3 arméer

  @cite:001:optjening_af_kort
  Scenarie: Med 6 kort skal man handle i mindst ét sæt og kan handle i et andet
    Givet spillerne "rød, blå"
    Og "rød" har kortene "infanteri, infanteri, infanteri, kavaleri, kavaleri, kavaleri"
    Når det er "rød"s tur
    Og "rød" bytter et kortsæt
    Så behøver "rød" ikke at bytte
    Når "rød" bytter et kortsæt
    Så er trækket tilladt

  @cite:001:optjening_af_kort
  Scenarie: Med 5 eller 6 kort i begyndelsen af turen skal man handle
    Givet spillerne "rød, blå"
    Og "rød" har kortene "infanteri, kavaleri, kavaleri, artilleri, artilleri"
    Når det er "rød"s tur
    Så skal "rød" bytte et kortsæt

  @cite:001:optjening_af_kort
  Scenarie: To kort af samme slags plus et "wild"-kort er et sæt
    Givet en spiller med kortene "artilleri, artilleri, joker"
    Så er kortene et sæt

  @cite:001:II._Angriber
  Scenarie: Grønland kan angribe det nordvestlige territorium, Ontario, Quebec og Island
    Så grænser "Grønland" kun op til "Nordvestterritoriet, Ontario, Quebec og Island"

  @cite:001:II._Angriber
  Scenarie: Nordafrika kan angribe Egypten, Vesteuropa og Brasilien
    Så grænser "Nordafrika" op til "Egypten, Vesteuropa og Brasilien"

  @cite:001:II._Angriber
  Scenarie: Alaska betragtes som nabo til Kamtjatka
    Så grænser "Alaska" op til "Kamtjatka"

  @cite:001:for_At_Angribe
  Scenarie: Angriberen skal have en hær mere end terningerne, forsvareren højst 2
    Så kan et territorium med 1 arméer ikke angribe
    Og fra et territorium med 2 arméer slår angriberen 1 til 1 terninger
    Og fra et territorium med 3 arméer slår angriberen 1 til 2 terninger
    Og fra et territorium med 4 arméer slår angriberen 1 til 3 terninger
    Og med 1 arméer slår forsvareren 1 til 1 terninger
    Og med 2 arméer slår forsvareren 1 til 2 terninger

  @cite:001:for_at_afgøre_en_kamp
  Scenarie: Den højeste terning afgør, og de næsthøjeste sammenlignes bagefter
    Når angriberen slår 6, 1 og forsvareren slår 5, 4
    Så mister angriberen 1 og forsvareren 1
    Når angriberen slår 5, 5, 2 og forsvareren slår 6, 6
    Så mister angriberen 2 og forsvareren 0

  @cite:001:for_at_afgøre_en_kamp
  Scenarie: Uafgjort er ikke nævnt; forsvareren antages at vinde
    Når angriberen slår 4 og forsvareren slår 4
    Så mister angriberen 1 og forsvareren 0

  @cite:001:III._Forstærke_din_Position
  Scenarie: Forstærk fra ét territorium til ét tilstødende territorium
    Givet spillerne "blå, rød"
    Og "blå" har 5 arméer i "Indonesien"
    Og "blå" har 1 arméer i "Siam"
    Og "blå" har 1 arméer i "Indien"
    Og det er "blå"s tur til at angribe
    Når "blå" overfører 4 arméer fra "Indonesien" til "Indien"
    Så afvises trækket efter reglen "fortify.reach"
    Når "blå" overfører 4 arméer fra "Indonesien" til "Siam"
    Så er trækket tilladt
    Når "blå" overfører 1 arméer fra "Siam" til "Indien"
    Så afvises trækket efter reglen "fortify.moves"

  @cite:001:optjening_af_kort
  Scenarie: Et kort ved turens slutning, hvis man har fanget mindst et område
    Givet spillerne "blå, rød"
    Og "blå" har 6 arméer i "Nordafrika"
    Og "rød" har 1 arméer i "Egypten"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Egypten" fra "Nordafrika" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Og "blå" afslutter sin tur
    Så har "blå" 1 kort

  @cite:001:for_At_Angribe
  Scenarie: Den sidste modstander udslettes, og spillet er vundet
    Givet spillerne "blå, rød"
    Og "blå" har 4 arméer i "Nordafrika"
    Og "rød" har 1 arméer i "Egypten"
    Og "rød" har kortene "infanteri"
    Og "blå" har alle andre territorier
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Egypten" fra "Nordafrika" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Så er "rød" ude af spillet
    Og har "blå" 1 kort
    Og vinder "blå" spillet

  @cite:001:opsætning
  Scenarie: Den, der slår det højeste, starter, og spillet går til venstre
    Givet spillerne "rød, blå, grøn"
    Når spillerne slår 3, 5, 2 for at se, hvem der starter
    Så starter "blå", efterfulgt af "grøn"
