# Errors of numpy.random, numpy's wording, at the script line; and the new
# Generator API, which msc does not have, names the legacy functions.
import sys
import numpy as np

case = sys.argv[1]
if case == 'seed':
    np.random.seed(2**32)
if case == 'randint':
    np.random.randint(5, 5)
if case == 'bounds':
    np.random.randint(0, 300, dtype=np.int8)
if case == 'p':
    np.random.choice(3, 2, p=[0.5, 0.2, 0.2])
if case == 'norep':
    np.random.choice(3, 5, replace=False)
if case == 'rng':
    rng = np.random.default_rng(0)
if case == 'scale':
    np.random.normal(0, -1.0, 3)
if case == 'choice2d':
    np.random.choice(np.ones((2, 2)))

# RUN: %msc run %s seed 2>&1 | FileCheck --check-prefix=SEED %s; test ${PIPESTATUS[0]} -eq 1
# SEED: rng_errors.py:8:5: error: ValueError: Seed must be between 0 and 2**32 - 1
# SEED-NEXT: np.random.seed(2**32)
# RUN: %msc run %s randint 2>&1 | FileCheck --check-prefix=RANDINT %s; test ${PIPESTATUS[0]} -eq 1
# RANDINT: rng_errors.py:10:5: error: ValueError: low >= high
# RUN: %msc run %s bounds 2>&1 | FileCheck --check-prefix=BOUNDS %s; test ${PIPESTATUS[0]} -eq 1
# BOUNDS: rng_errors.py:12:5: error: ValueError: high is out of bounds for int8
# RUN: %msc run %s p 2>&1 | FileCheck --check-prefix=P %s; test ${PIPESTATUS[0]} -eq 1
# P: rng_errors.py:14:5: error: ValueError: probabilities do not sum to 1
# RUN: %msc run %s norep 2>&1 | FileCheck --check-prefix=NOREP %s; test ${PIPESTATUS[0]} -eq 1
# NOREP: rng_errors.py:16:5: error: ValueError: Cannot take a larger sample than population when 'replace=False'
# RUN: %msc run %s rng 2>&1 | FileCheck --check-prefix=RNG %s; test ${PIPESTATUS[0]} -eq 1
# RNG: rng_errors.py:18:11: error: NotImplementedError: msc: numpy.random.default_rng (the Generator API) is not supported; use the legacy functions (np.random.seed, rand, randn, randint, uniform, normal, choice, permutation, shuffle) or np.random.RandomState(seed)
# RUN: %msc run %s scale 2>&1 | FileCheck --check-prefix=SCALE %s; test ${PIPESTATUS[0]} -eq 1
# SCALE: rng_errors.py:20:5: error: ValueError: scale < 0
# RUN: %msc run %s choice2d 2>&1 | FileCheck --check-prefix=CHOICE2D %s; test ${PIPESTATUS[0]} -eq 1
# CHOICE2D: rng_errors.py:22:5: error: ValueError: a must be 1-dimensional
