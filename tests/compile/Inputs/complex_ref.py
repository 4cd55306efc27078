# numpy's results of tests/compile/complex.py's Net (printed as msc prints
# the Tensors: dtype, then numpy's str).
import numpy as np

re = np.array([3.0, -6.0, 0.5], np.float32)
im = np.array([4.0, 8.0, -1.25], np.float32)
z = np.array([1 + 1j, 2 - 0.5j, -1 + 4j], np.complex64)
c = re + np.complex64(1j) * im
w = c * z + np.array([1 - 2j, 0.5j, -3 + 0j], np.complex64) - c / z
print('Float32', np.abs(c))
print('Complex64', np.conj(w) * np.real(w))
