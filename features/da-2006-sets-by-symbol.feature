# language: da
Egenskab: RISK med kortsæt efter symbol, uden guldkavaleri (manual 000, side 9-10)

  Baggrund:
    Givet reglerne "da-2006-sets-by-symbol"

  @cite:000:p9
  Scenarie: Et sæt er værd efter sine symboler, hvor mange sæt der end er byttet
    Givet spillerne "rød, blå, grøn"
    Og der er byttet 5 kortsæt i spillet
    Og "rød" har kortene "kavaleri, kavaleri, kavaleri"
    Og "rød" har 3 arméer i "Brasilien"
    Og "blå" har alle andre territorier
    Når det er "rød"s tur
    Og "rød" bytter et kortsæt
    Så får "rød" 6 arméer for sættet
    Og er et sæt infanteri 4 arméer værd
    Og er et sæt artilleri 8 arméer værd

  @cite:000:p9
  Scenarie: Værdien af ét af hver er en antagelse: manualen skærer tallet af
    Så er reglen "cards.trade_values" en antagelse

  @cite:000:p7
  Scenarie: Byttet efter en udslettelse giver arméer efter symbol, placeret i ét territorium
    Givet spillerne "blå, rød, grøn"
    Og "blå" har 6 arméer i "Østafrika"
    Og "rød" har 1 arméer i "Egypten"
    Og "grøn" har alle andre territorier
    Og "blå" har kortene "artilleri, artilleri, artilleri"
    Og "rød" har kortene "kavaleri, kavaleri, kavaleri"
    Og det er "blå"s tur til at angribe
    Når "blå" angriber "Egypten" fra "Østafrika" og slår 6, 6, 6 mod 1
    Og "blå" rykker 3 arméer ind
    Og "blå" bytter kortene "artilleri, artilleri, artilleri"
    Så får "blå" 8 arméer for sættet
    Når "blå" placerer 4 arméer i "Egypten"
    Så afvises trækket efter reglen "elimination.trade_placement"
    Når "blå" placerer alle forstærkninger i "Egypten"
    Så er trækket tilladt
