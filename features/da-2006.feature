# language: da
Egenskab: Kommandomanualen 2006 (manual 000): Spillet om verdensherredømmet for 3-4 spillere
  Eksemplerne og tallene fra Kommandomanualen, spillet efter reglerne "da-2006".

  Baggrund:
    Givet reglerne "da-2006"

  @cite:000:p4
  Scenarie: Grøn kontrollerer 13 territorier og modtager fire forstærkninger
    Når en spiller har 13 territorier
    Så modtager spilleren 4 forstærkninger

  @cite:000:p4
  Scenarie: Rød kontrollerer fem territorier og modtager alligevel tre
    Når en spiller har 5 territorier
    Så modtager spilleren 3 forstærkninger

  @cite:000:p4
  Scenarie: Den, der slår det højeste antal øjne, starter, efterfulgt af spilleren til venstre
    Givet spillerne "rød, blå, grøn"
    Når spillerne slår 2, 6, 4 for at se, hvem der starter
    Så starter "blå", efterfulgt af "grøn"
    Når spillerne slår 5, 5, 1 for at se, hvem der starter
    Så er det højeste slag uafgjort, og de lige slår igen

  @cite:000:p4
  Scenarie: Antal startarméer for 3 og 4 spillere
    Så starter hver af 3 spillere med 35 arméer
    Og starter hver af 4 spillere med 30 arméer
    Og er et spil for 4 spillere tilladt
    Og er et spil for 5 spillere ikke tilladt

  @cite:000:p4
  Scenarie: Fire spillere gør krav på alle 42 territorier og forstærker dem
    Når 4 spillere gør krav på brættet og placerer deres startarméer
    Så er alle territorier besat
    Og er der 120 arméer på brættet

  @cite:000:p2
  Scenarie: Kontinenternes antal territorier
    Så har "Afrika" 6 territorier
    Og har "Asien" 12 territorier
    Og har "Australien" 4 territorier
    Og har "Europa" 7 territorier
    Og har "Nordamerika" 9 territorier
    Og har "Sydamerika" 4 territorier

  @cite:000:p5
  Scenarie: Et helt kontinent giver ekstra forstærkninger
    Givet spillerne "rød, blå"
    Og "rød" har hele "Australien" med 2 arméer i hvert territorium
    Og "blå" har alle andre territorier
    Når det er "rød"s tur
    Så modtager "rød" 5 forstærkninger

  @cite:000:p5
  Scenarie: Kontinentbonussen er tabt, når bare et territorium er besat af en anden
    Givet spillerne "rød, blå"
    Og "rød" har hele "Australien" med 2 arméer i hvert territorium
    Og "blå" har 1 arméer i "Vestaustralien"
    Og "blå" har alle andre territorier
    Når det er "rød"s tur
    Så modtager "rød" 3 forstærkninger

  @cite:000:p5
  Scenarie: Blå har to kavalerikort og en joker
    Givet en spiller med kortene "kavaleri, kavaleri, joker"
    Så er kortene et sæt
    Og er kortene "kavaleri, kavaleri, joker" 4 arméer værd

  @cite:000:p5
  Scenarie: Tre kort med hvert sit symbol er et sæt, to ens og et tredje er ikke
    Givet en spiller med kortene "infanteri, kavaleri, artilleri"
    Så er kortene et sæt
    Givet en spiller med kortene "infanteri, infanteri, kavaleri"
    Så er kortene ikke et sæt

  @cite:000:p5
  Scenarie: Med fem kort på hånden skal man bytte
    Givet spillerne "rød, blå"
    Og "rød" har kortene "infanteri, infanteri, infanteri, kavaleri, artilleri"
    Når det er "rød"s tur
    Så skal "rød" bytte et kortsæt

  @cite:000:p5
  Scenarie: Med fire kort behøver man ikke at bytte
    Givet spillerne "rød, blå"
    Og "rød" har kortene "infanteri, infanteri, infanteri, kavaleri"
    Når det er "rød"s tur
    Så behøver "rød" ikke at bytte

  @cite:000:p5
  Scenarie: Rød bytter det første kortsæt, og guldkavaleriet rykker frem til seks
    Givet spillerne "rød, blå"
    Og "rød" har kortene "infanteri, infanteri, infanteri"
    Når det er "rød"s tur
    Og "rød" bytter et kortsæt
    Så får "rød" 4 arméer for sættet
    Og er det næste kortsæt 6 arméer værd

  @cite:000:p5
  Scenarie: Antal terninger efter antal arméer i angriberens territorium
    Så kan et territorium med 1 arméer ikke angribe
    Og fra et territorium med 2 arméer slår angriberen 1 til 1 terninger
    Og fra et territorium med 3 arméer slår angriberen 1 til 2 terninger
    Og fra et territorium med 4 arméer slår angriberen 1 til 3 terninger
    Og fra et territorium med 9 arméer slår angriberen 1 til 3 terninger

  @cite:000:p6
  Scenarie: Forsvareren forsvarer med en eller to arméer
    Så med 1 arméer slår forsvareren 1 til 1 terninger
    Og med 2 arméer slår forsvareren 1 til 2 terninger
    Og med 7 arméer slår forsvareren 1 til 2 terninger

  @cite:000:p6
  Scenarie: Blå slår en treer og en toer, rød en sekser og en toer
    Når angriberen slår 3, 2 og forsvareren slår 6, 2
    Så mister angriberen 2 og forsvareren 0

  @cite:000:p6
  Scenarie: Blå fortsætter invasionen af Egypten fra Østafrika
    Givet spillerne "blå, rød"
    Og "blå" har 1 arméer i "Nordafrika"
    Og "blå" har 10 arméer i "Østafrika"
    Og "rød" har 2 arméer i "Egypten"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Egypten" fra "Nordafrika" og slår 6 mod 1
    Så afvises trækket efter reglen "combat.attack_requires"
    Når "blå" angriber "Egypten" fra "Østafrika" og slår 6, 5, 4 mod 3, 2
    Så er trækket tilladt
    Når "blå" rykker 3 arméer ind
    Så kontrollerer "blå" "Egypten"

  @cite:000:p2
  Scenarie: Kystlinjer forbinder territorier over havet
    Så grænser "Storbritannien" op til "Vesteuropa"
    Og grænser "Egypten" op til "Sydeuropa"
    Og grænser "Brasilien" op til "Nordafrika"
    Og grænser "Alaska" op til "Kamtjatka"

  @cite:000:p5
  Scenarie: Siam og Indonesien er forbundet af en kystlinje
    Så grænser "Siam" op til "Indonesien"

  @cite:000:p6
  Scenarie: Sejrherren rykker ind med de arméer, der kæmpede, og må tage flere med
    Givet spillerne "blå, rød"
    Og "blå" har 8 arméer i "Østafrika"
    Og "rød" har 1 arméer i "Egypten"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Egypten" fra "Østafrika" og slår 6, 5, 4 mod 2
    Så skal "blå" rykke mindst 3 og højst 7 arméer ind
    Når "blå" rykker 8 arméer ind
    Så afvises trækket efter reglen "conquest.move_in.maximum"
    Når "blå" rykker 7 arméer ind
    Så har "Egypten" 7 arméer
    Og har "Østafrika" 1 arméer

  @cite:000:p7
  Scenarie: At udslette en spiller giver hans kort, og der byttes straks ned til fire
    Givet spillerne "blå, rød, grøn"
    Og "blå" har 6 arméer i "Østafrika"
    Og "rød" har 1 arméer i "Egypten"
    Og "grøn" har alle andre territorier
    Og "blå" har kortene "infanteri, infanteri, infanteri"
    Og "rød" har kortene "kavaleri, kavaleri, kavaleri"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Egypten" fra "Østafrika" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Så er "rød" ude af spillet
    Og har "blå" 6 kort
    Og skal "blå" bytte et kortsæt
    Når "blå" bytter sæt, indtil der ikke skal byttes flere
    Så har "blå" højst 4 kort

  @cite:000:p7
  Scenarie: Forstærkningerne fra byttet efter en udslettelse placeres i ét territorium
    Givet spillerne "blå, rød, grøn"
    Og "blå" har 6 arméer i "Østafrika"
    Og "rød" har 1 arméer i "Egypten"
    Og "grøn" har alle andre territorier
    Og "blå" har kortene "infanteri, infanteri, infanteri"
    Og "rød" har kortene "kavaleri, kavaleri, kavaleri"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Egypten" fra "Østafrika" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Og "blå" bytter sæt, indtil der ikke skal byttes flere
    Og "blå" placerer 1 arméer i "Egypten"
    Så afvises trækket efter reglen "elimination.trade_placement"
    Når "blå" placerer alle forstærkninger i "Egypten"
    Så er trækket tilladt

  @cite:000:p7
  Scenarie: Blå overfører tropper fra Indonesien til Ukraine gennem egne territorier
    Givet spillerne "blå, rød"
    Og "blå" har 5 arméer i "Indonesien"
    Og "blå" har 1 arméer i "Siam"
    Og "blå" har 1 arméer i "Indien"
    Og "blå" har 1 arméer i "Afghanistan"
    Og "blå" har 1 arméer i "Ukraine"
    Og det er "blå"s tur til at angribe
    Når "blå" overfører 4 arméer fra "Indonesien" til "Ukraine"
    Så er trækket tilladt
    Og har "Ukraine" 5 arméer

  @cite:000:p7
  Scenarie: Man kan ikke komme igennem fjendens territorier
    Givet spillerne "blå, rød"
    Og "blå" har 5 arméer i "Indonesien"
    Og "blå" har 1 arméer i "Siam"
    Og "rød" har 3 arméer i "Indien"
    Og "blå" har 1 arméer i "Afghanistan"
    Og "blå" har 1 arméer i "Ukraine"
    Og "rød" har alle andre territorier
    Og det er "blå"s tur til at angribe
    Når "blå" overfører 4 arméer fra "Indonesien" til "Ukraine"
    Så afvises trækket efter reglen "fortify.reach"
    Når "blå" overfører 5 arméer fra "Indonesien" til "Siam"
    Så afvises trækket efter reglen "fortify.leave_behind"

  @cite:000:p7
  Scenarie: Kun ét RISK-kort pr. tur, uanset hvor mange territorier der erobres
    Givet spillerne "blå, rød"
    Og "blå" har 9 arméer i "Østafrika"
    Og "rød" har 1 arméer i "Egypten"
    Og "rød" har 1 arméer i "Congo"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Egypten" fra "Østafrika" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Og "blå" angriber "Congo" fra "Østafrika" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Og "blå" afslutter sin tur
    Så har "blå" 1 kort
    Og er det nu "rød"s tur

  @cite:000:p7
  Scenarie: Den, der udsletter alle modspillernes hære, vinder spillet
    Givet spillerne "blå, rød"
    Og "blå" har 4 arméer i "Østafrika"
    Og "rød" har 1 arméer i "Egypten"
    Og "blå" har alle andre territorier
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Egypten" fra "Østafrika" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Så vinder "blå" spillet

  # Manualen siger, at det højeste slag starter; kun hvad der sker ved lige højeste slag
  # (ved begge slag) siger den ikke.
  @cite:000:p4
  Scenarie: Hvad der sker ved lige slag om, hvem der starter, er en antagelse
    Så står reglen "setup.first_player" i manualen
    Og står reglen "setup.first_turn" i manualen
    Og er tilfældet "tie" i reglen "setup.first_player" en antagelse
    Og er tilfældet "tie" i reglen "setup.first_turn" en antagelse

  @cite:000:p4
  Scenarie: Når alle har anbragt deres startarméer, kaster hver spiller igen én terning
    Når 3 spillere gør krav på brættet og placerer deres startarméer
    Og spillerne slår igen 2, 6, 4 for at se, hvem der tager den første tur
    Så er trækket tilladt
    Og er det nu "p2"s tur
    Og modtager "p2" 4 forstærkninger

  @cite:000:p4
  Scenarie: Ved lige højeste slag om den første tur slår de lige igen
    Når 4 spillere gør krav på brættet og placerer deres startarméer
    Og spillerne slår igen 5, 3, 5, 1 for at se, hvem der tager den første tur
    Så står "p1, p3" lige om den første tur og slår igen
    Når spillerne slår igen 2, 4 for at se, hvem der tager den første tur
    Så er det nu "p3"s tur
