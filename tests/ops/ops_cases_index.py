"""Cases of the indexing, selection, scan and sort ops for opsdiff.py (and,
through it, tests/graph/graphdiff.py): Tile, Select, OneHot, Gather,
GatherD, GatherNd, TensorScatterUpdate, TensorScatterAdd, CumSum, CumProd,
ArgSort. References are numpy's (np.tile, np.where, np.take,
np.take_along_axis, fancy indexing, np.cumsum/np.cumprod, a stable sort);
the ops' own semantics beyond numpy (exclusive/reverse scans, descending
argsort, one-hot) are written out here in numpy.
"""
import numpy as np

SMALL_INTS = ['int8', 'uint8', 'int16']


def dtypes(h):
    """Every dtype the data-movement ops take: opsdiff's base list, the
    narrow ints, float16, and (when opsdiff runs as a script: its UINTS)
    the wide unsigned ints."""
    wide = [u for u in getattr(h, 'UINTS', []) if u != 'uint8']
    return h.ALL + SMALL_INTS + ['float16'] + wide


def _idx(h, shape, n, dt='int64', neg=True):
    """Random valid indices into an axis of length n (negative ones too)."""
    lo = -n if neg else 0
    return h.RNG.randint(lo, n, size=shape).astype(dt)


def tile_cases(h):
    cases = []
    for dt in dtypes(h):
        for shape, reps in [((2, 3), (2, 1)), ((3,), (2, 2)), ((2, 3, 4), (2,)), ((), (3,)), ((0, 2), (2, 3)),
                            ((2, 2), (0, 1)), ((1, 2), (3, 1, 2))]:
            x = h.rand(shape, dt)
            cases.append(h.Case('Tile', [x], {'multiples': reps}, np.tile(x, reps), False,
                                '%s %s %s' % (dt, shape, reps)))
    return cases


def select_cases(h):
    cases = []
    shapes = [((3, 4), (3, 4), (3, 4)), ((3, 4), (4,), (3, 1)), ((2, 1, 3), (4, 1), ()), ((0, 3), (3,), (1, 3)),
              ((), (2, 2), (2, 2)), ((1,), (), ())]
    for dt in dtypes(h):
        for sc, sx, sy in shapes:
            c, x, y = h.rand(sc, 'bool'), h.rand(sx, dt), h.rand(sy, dt)
            cases.append(h.Case('Select', [c, x, y], {}, np.where(c, x, y), False, '%s %s %s %s' % (dt, sc, sx, sy)))
    # promotion of x and y, a non-bool condition, a 0-d (valued) operand
    for dx, dy in [('int32', 'float32'), ('int8', 'uint8'), ('bool', 'int64'), ('float16', 'float64')]:
        c, x, y = h.rand((3, 4), 'bool'), h.rand((3, 4), dx), h.rand((4,), dy)
        cases.append(h.Case('Select', [c, x, y], {}, np.where(c, x, y), False, 'promote %s %s' % (dx, dy)))
    c = h.rand((5,), 'int32')
    x, y = h.rand((5,), 'float32'), h.rand((5,), 'float32')
    cases.append(h.Case('Select', [c, x, y], {}, np.where(c, x, y), False, 'int condition'))
    x, y = h.rand((2, 3), 'float32'), np.array(2.5)
    c = h.rand((2, 3), 'bool')
    cases.append(h.Case('Select', [c, x, y], {}, np.where(c, x, y), False, 'f32 array, 0-d f64'))
    return cases


def one_hot_ref(ix, depth, on, off, axis, dt):
    hit = ix[..., None] == np.arange(depth)
    hit = np.moveaxis(hit, -1, axis if axis >= 0 else ix.ndim + 1 + axis)
    return np.where(hit, on, off).astype(dt)


def one_hot_cases(h):
    cases = []
    for idt in ['int32', 'int64', 'int8', 'uint8', 'int16']:
        for shape, depth, axis in [((5,), 4, -1), ((2, 3), 5, 0), ((2, 3), 3, 1), ((), 3, -1), ((0, 2), 3, -1),
                                   ((3,), 0, -1)]:
            ix = h.RNG.randint(-1 if idt[0] != 'u' else 0, depth + 2, size=shape).astype(idt)
            e = one_hot_ref(ix, depth, 1.0, 0.0, axis, 'float32')
            cases.append(h.Case('OneHot', [ix], {'depth': depth, 'axis': axis}, e, False,
                                '%s %s depth=%d axis=%d' % (idt, shape, depth, axis)))
    for dt, on, off in [('float64', 2.5, -1.0), ('int32', 7, 3), ('bool', 1, 0), ('float16', 0.5, 0.25),
                        ('uint8', 255, 1)]:
        ix = np.array([[0, 2], [1, 5]], 'int64')
        e = one_hot_ref(ix, 3, on, off, -1, dt)
        cases.append(h.Case('OneHot', [ix], {'depth': 3, 'on_value': on, 'off_value': off, 'dtype': np.dtype(dt)}, e,
                            False, 'dtype %s' % dt))
    return cases


def gather_cases(h):
    cases = []
    for dt in dtypes(h):
        for xs, ishape, axis, idt in [((5,), (3,), 0, 'int64'), ((4, 3), (2, 2), 0, 'int32'), ((4, 3), (5,), 1, 'int64'),
                                      ((2, 3, 4), (), -1, 'int64'), ((2, 3, 4), (3, 2), 1, 'uint8'),
                                      ((3, 2), (0,), 0, 'int16'), ((0, 3), (4,), 1, 'int64'), ((3, 0), (2,), 0, 'int8')]:
            x = h.rand(xs, dt)
            n = xs[axis]
            ix = _idx(h, ishape, n, idt, neg=idt[0] != 'u') if n else np.zeros(ishape, idt)
            cases.append(h.Case('Gather', [x, ix], {'axis': axis}, np.take(x, ix, axis=axis), False,
                                '%s x%s idx%s axis=%d %s' % (dt, xs, ishape, axis, idt)))
    x = h.rand((4, 3), 'float32')
    ix = np.array([1, 1, 0, 1], 'int64')
    cases.append(h.Case('Gather', [x, ix], {}, np.take(x, ix, axis=0), False, 'default axis, duplicates'))
    return cases


def gather_d_cases(h):
    cases = []
    for dt in dtypes(h):
        for xs, m, axis, idt in [((3, 4), 2, 1, 'int64'), ((3, 4), 5, 0, 'int32'), ((2, 3, 4), 3, -1, 'int64'),
                                 ((2, 3, 4), 1, 1, 'uint8'), ((5,), 7, 0, 'int16'), ((2, 3), 0, 1, 'int64')]:
            x = h.rand(xs, dt)
            ax = axis % len(xs)
            ishape = list(xs)
            ishape[ax] = m
            ix = _idx(h, tuple(ishape), xs[ax], idt, neg=idt[0] != 'u')
            cases.append(h.Case('GatherD', [x, ix], {'axis': axis}, np.take_along_axis(x, ix, axis), False,
                                '%s x%s m=%d axis=%d %s' % (dt, xs, m, axis, idt)))
    return cases


def gather_nd_ref(x, ix):
    k = ix.shape[-1]
    shape = ix.shape[:-1] + x.shape[k:]
    flat = ix.reshape(int(np.prod(ix.shape[:-1], dtype=np.int64)), k)
    out = np.zeros((flat.shape[0],) + x.shape[k:], x.dtype)
    for i, t in enumerate(flat):
        out[i] = x[tuple(int(v) for v in t)]
    return out.reshape(shape)


def nd_indices(h, xshape, lead, k, idt='int64', neg=True):
    cols = [_idx(h, lead, xshape[d], idt, neg) for d in range(k)]
    return np.stack(cols, axis=-1) if cols else np.zeros(lead + (0,), idt)


def gather_nd_cases(h):
    cases = []
    for dt in dtypes(h):
        for xs, lead, k, idt in [((4, 3), (2,), 2, 'int64'), ((4, 3), (5,), 1, 'int32'), ((2, 3, 4), (2, 2), 2, 'int64'),
                                 ((2, 3, 4), (3,), 3, 'int16'), ((3, 2), (2,), 0, 'int64'), ((3, 2), (0,), 2, 'int64'),
                                 ((5,), (), 1, 'uint8')]:
            x = h.rand(xs, dt)
            ix = nd_indices(h, xs, lead, k, idt, neg=idt[0] != 'u')
            cases.append(h.Case('GatherNd', [x, ix], {}, gather_nd_ref(x, ix), False,
                                '%s x%s idx%s %s' % (dt, xs, ix.shape, idt)))
    return cases


def scatter_ref(x, ix, u, add):
    out = x.copy()
    k = ix.shape[-1]
    flat = ix.reshape(int(np.prod(ix.shape[:-1], dtype=np.int64)), k)
    uf = u.reshape((flat.shape[0],) + x.shape[k:])
    for i, t in enumerate(flat):
        t = tuple(int(v) for v in t)
        if add:
            with np.errstate(all='ignore'):
                out[t] = out[t] + uf[i]
        else:
            out[t] = uf[i]
    return out


def scatter_cases(h, op):
    add = op == 'TensorScatterAdd'
    cases = []
    for dt in dtypes(h):
        for xs, lead, k in [((4, 3), (2,), 2), ((4, 3), (3,), 1), ((2, 3, 4), (2, 2), 2), ((5,), (6,), 1),
                            ((3, 2), (2,), 0), ((3, 2), (0,), 1)]:
            x = h.rand(xs, dt)
            ix = nd_indices(h, xs, lead, k)
            if k and ix.size:  # duplicates: the last write wins / they accumulate
                ix.reshape(-1, k)[-1] = ix.reshape(-1, k)[0]
            u = h.rand(lead + xs[k:], dt)
            cases.append(h.Case(op, [x, ix, u], {}, scatter_ref(x, ix, u, add), False,
                                '%s x%s idx%s' % (dt, xs, ix.shape)))
    x, u = h.rand((3, 2), 'float32'), h.rand((2, 2), 'int32')
    ix = np.array([[2], [-1]], 'int32')
    cases.append(h.Case(op, [x, ix, u], {}, scatter_ref(x, ix, u.astype('float32'), add), False,
                        'int updates into float32, negative index'))
    return cases


def cum_ref(x, axis, exclusive, reverse, prod):
    f = np.cumprod if prod else np.cumsum
    y = np.flip(x, axis) if reverse else x
    with np.errstate(all='ignore'):
        r = f(y, axis=axis)
    if exclusive:
        ax = axis % x.ndim
        first = np.full(r.shape[:ax] + (1,) + r.shape[ax + 1:], 1 if prod else 0, r.dtype)
        r = np.concatenate([first, np.take(r, range(r.shape[ax] - 1), axis=ax)], axis=ax)
    return np.flip(r, axis) if reverse else r


def cum_cases(h, op):
    prod = op == 'CumProd'
    cases = []
    for dt in dtypes(h):
        for shape, axis, ex, rev in [((5,), 0, False, False), ((3, 4), 1, False, False), ((3, 4), 0, True, False),
                                     ((2, 3, 4), -1, False, True), ((2, 3, 4), 1, True, True), ((0, 3), 1, False, False),
                                     ((3, 0), 0, True, False), ((1, 1), 0, False, False)]:
            x = h.rand(shape, dt, 'small')
            attrs = {'axis': axis}
            if ex:
                attrs['exclusive'] = True
            if rev:
                attrs['reverse'] = True
            cases.append(h.Case(op, [x], attrs, cum_ref(x, axis, ex, rev, prod), False,
                                '%s %s axis=%d ex=%s rev=%s' % (dt, shape, axis, ex, rev)))
    x = np.array([1.5, np.nan, 2.0, np.inf, -np.inf], 'float64')
    cases.append(h.Case(op, [x], {'axis': 0}, cum_ref(x, 0, False, False, prod), False, 'nan/inf'))
    x = np.array([100, 100, 100, 100], 'int8')  # overflow wraps (numpy: in int64)
    cases.append(h.Case(op, [x], {'axis': 0}, cum_ref(x, 0, False, False, prod), False, 'int8 -> int64'))
    return cases


def argsort_ref(x, axis, descending):
    if x.ndim == 0:
        return np.zeros((1,), np.int64)

    def key(v, i):
        if isinstance(v, float) and v != v:
            return (0 if descending else 1, 0, i)
        return (1 if descending else 0, -v if descending else v, i)

    def row(r):
        vals = r.tolist()
        return np.array(sorted(range(len(vals)), key=lambda i: key(vals[i], i)), np.int64)
    moved = np.moveaxis(x, axis, -1)
    flat = moved.reshape(-1, moved.shape[-1])
    out = np.array([row(r) for r in flat], np.int64).reshape(moved.shape)
    return np.moveaxis(out, -1, axis)


def argsort_cases(h):
    cases = []
    for dt in dtypes(h):
        for shape, axis, desc in [((7,), 0, False), ((7,), -1, True), ((3, 5), 1, False), ((3, 5), 0, True),
                                  ((2, 3, 4), 1, False), ((0, 3), -1, False), ((4, 0), 0, True), ((), -1, False),
                                  ((40,), 0, True)]:
            x = h.rand(shape, dt, 'small')
            if x.size > 2:
                x.reshape(-1)[:3] = x.reshape(-1)[0]  # ties keep index order
            attrs = {'axis': axis}
            if desc:
                attrs['descending'] = True
            cases.append(h.Case('ArgSort', [x], attrs, argsort_ref(x, axis, desc), False,
                                '%s %s axis=%d desc=%s' % (dt, shape, axis, desc)))
    for desc in (False, True):
        x = np.array([3.0, np.nan, -1.0, np.inf, np.nan, -np.inf, 3.0, -0.0, 0.0], 'float32')
        cases.append(h.Case('ArgSort', [x], {'descending': desc}, argsort_ref(x, 0, desc), False, 'nan desc=%s' % desc))
    x = h.rand((3, 4), 'int64')
    cases.append(h.Case('ArgSort', [x], {'dtype': np.dtype('int32')}, argsort_ref(x, -1, False).astype('int32'), False,
                        'int32 indices'))
    return cases


def cases(h):
    return {
        'Tile': lambda: tile_cases(h),
        'Select': lambda: select_cases(h),
        'OneHot': lambda: one_hot_cases(h),
        'Gather': lambda: gather_cases(h),
        'GatherD': lambda: gather_d_cases(h),
        'GatherNd': lambda: gather_nd_cases(h),
        'TensorScatterUpdate': lambda: scatter_cases(h, 'TensorScatterUpdate'),
        'TensorScatterAdd': lambda: scatter_cases(h, 'TensorScatterAdd'),
        'CumSum': lambda: cum_cases(h, 'CumSum'),
        'CumProd': lambda: cum_cases(h, 'CumProd'),
        'ArgSort': lambda: argsort_cases(h),
    }
