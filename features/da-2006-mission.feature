# language: da
Egenskab: Mission RISK (manual 000, side 9-10)

  Baggrund:
    Givet reglerne "da-2006-mission"

  @cite:000:p9
  Scenarie: Kortsæt er værd efter symbol, uden guldkavaleri
    Så er et sæt infanteri 4 arméer værd
    Og er et sæt kavaleri 6 arméer værd
    Og er et sæt artilleri 8 arméer værd

  @cite:000:p9
  Scenarie: En joker tæller som det symbol, spilleren vælger
    Givet spillerne "rød, blå, grøn"
    Og "rød" har kortene "artilleri, artilleri, joker"
    Og "rød" har 3 arméer i "Brasilien"
    Når det er "rød"s tur
    Og "rød" bytter kortene "artilleri, artilleri, joker" som infanteri
    Så afvises trækket efter reglen "cards.sets"
    Når "rød" bytter kortene "artilleri, artilleri, joker" som artilleri
    Så får "rød" 8 arméer for sættet

  @cite:000:p9
  Scenarie: Man kan ikke påberåbe sig mere end én mission i en tur
    Givet spillerne "rød, blå, grøn"
    Og "rød" har missionerne "captain_australia, major_africa, colonel_24, general_30"
    Og "rød" har hele "Australien" med 2 arméer i hvert territorium
    Og "rød" har hele "Sydamerika" med 2 arméer i hvert territorium
    Og "rød" har hele "Afrika" med 2 arméer i hvert territorium
    Når det er "rød"s tur
    Og "rød" gør krav på missionen "captain_australia"
    Så er trækket tilladt
    Og har "rød" gennemført 1 missioner
    Når "rød" gør krav på missionen "major_africa"
    Så afvises trækket efter reglen "missions.claims_per_turn"

  @cite:000:p10
  Scenarie: En mission, der ikke er opfyldt, kan ikke påberåbes
    Givet spillerne "rød, blå, grøn"
    Og "rød" har missionerne "captain_australia, major_africa, colonel_asia, general_30"
    Når det er "rød"s tur
    Og "rød" gør krav på missionen "colonel_asia"
    Så afvises trækket efter reglen "missions.deck.colonel_asia.goal"

  @cite:000:p9
  Scenarie: At udslette en modspiller giver hans RISK-kort, men ikke hans missioner
    Givet spillerne "rød, blå, grøn"
    Og "rød" har missionerne "captain_12, major_18, colonel_24, general_30"
    Og "blå" har missionerne "captain_australia, major_africa, colonel_asia, general_left"
    Og "blå" har kortene "infanteri, kavaleri"
    Og "blå" har 1 arméer i "Island"
    Og "rød" har 5 arméer i "Grønland"
    Og "grøn" har alle andre territorier
    Og det er "rød"s tur til at angribe
    Når "rød" angriber "Island" fra "Grønland" og slår 6, 6, 6 mod 1
    Og "rød" rykker 3 arméer ind
    Så er "blå" ude af spillet
    Og har "rød" 2 kort
    Og har "rød" 4 missioner

  @cite:000:p10
  Scenarie: Når tre missioner er gennemført, vises den fjerde for alle
    Givet spillerne "rød, blå, grøn"
    Og "rød" har missionerne "captain_australia, major_africa, colonel_24, general_30"
    Og "rød" har gennemført missionerne "captain_australia, major_africa"
    Og "rød" har hele "Australien" med 2 arméer i hvert territorium
    Og "rød" har hele "Afrika" med 2 arméer i hvert territorium
    Og "rød" har hele "Sydamerika" med 2 arméer i hvert territorium
    Og "rød" har hele "Europa" med 2 arméer i hvert territorium
    Og "rød" har 2 arméer i "Alaska"
    Og "rød" har 2 arméer i "Alberta"
    Og "rød" har 2 arméer i "Ontario"
    Når det er "rød"s tur
    Så vises ingen af "rød"s missioner endnu
    Når "rød" gør krav på missionen "colonel_24"
    Så er trækket tilladt
    Og har "rød" gennemført 3 missioner
    Og vises den sidste mission for "rød", "general_30", for alle

  @cite:000:p9
  Scenarie: Hver spiller trækker ét missionskort fra hver bunke
    Når 3 spillere trækker deres missioner
    Så har hver spiller én mission af hver grad

  @cite:000:p4
  Scenarie: Den, der slår det højeste, starter, og spillet går til venstre
    Givet spillerne "rød, blå, grøn"
    Når spillerne slår 4, 1, 6 for at se, hvem der starter
    Så starter "grøn", efterfulgt af "rød"
