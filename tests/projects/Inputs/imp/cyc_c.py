from cyc_d import D
C = 3
