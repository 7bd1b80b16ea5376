# language: da
Egenskab: Forsvareren slår op til tre terninger
  Baggrund:
    Givet reglerne "defender-three-dice"

  Scenarie: Tre arméer forsvarer med tre terninger
    Så med 3 arméer slår forsvareren 1 til 3 terninger
    Og med 2 arméer slår forsvareren 1 til 2 terninger

  Scenarie: Tre mod tre terninger
    Når angriberen slår 6, 5, 1 og forsvareren slår 5, 5, 4
    Så mister angriberen 2 og forsvareren 1
