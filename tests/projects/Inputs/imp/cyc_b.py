import cyc_a
saw = cyc_a.A
