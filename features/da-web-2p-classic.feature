# language: da
Egenskab: Risk for 2 spillere, klassisk (manual 002)

  Baggrund:
    Givet reglerne "da-web-2p-classic"

  @cite:002:OPSÆTNINGEN
  Scenarie: Klassisk fik spillerne 50 hære hver
    Så starter hver af 2 spillere med 50 arméer
    Og er et spil for 2 spillere tilladt
    Når 2 spillere gør krav på brættet og placerer deres startarméer
    Så er alle territorier besat
    Og er der 100 arméer på brættet

  @cite:002:OPSÆTNINGEN
  Scenarie: Den, der slår det højeste, starter, og spillet går til venstre
    Givet spillerne "rød, blå"
    Når spillerne slår 6, 1 for at se, hvem der starter
    Så starter "rød", efterfulgt af "blå"
