from cyc_c import C
D = 4
