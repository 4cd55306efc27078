A = 1
import cyc_b
b_seen_a = cyc_b.saw
