# Codegen cases of the indexing, selection, scan and sort ops (Tile,
# Select, OneHot, Gather, GatherD, GatherNd, TensorScatterUpdate/Add,
# CumSum, CumProd, ArgSort). Runs in all_ops.py's namespace (case, simple,
# data, rng, Graph, np, f64).


def _graph(name, dt_shapes, op, out_dt, ref, attrs=(), ranges=None):
    """A one-node graph over params of (name, dtype, shape); ranges gives
    (lo, hi) per param; ref(*values) is numpy's result."""
    def build():
        g = Graph(name)
        r = rng(name)
        ps = []
        for i, (pn, dt, shape) in enumerate(dt_shapes):
            lo, hi = ranges[i] if ranges and ranges[i] else (-5, 5)
            ps.append(g.param(pn, dt, data(r, dt, shape, lo, hi)))
        g.ret_(g.node(op, ps, out_dt, ref(*[p.value for p in ps]), list(attrs)))
        return g
    build.__name__ = name
    CASES.append(build)


# ---- Tile -----------------------------------------------------------------------
simple('tile_f32', 'Tile', 'Float32', (2, 3), [('multiples', (2, 1, 2))], lambda x: np.tile(x, (2, 1, 2)))
simple('tile_i8_short', 'Tile', 'Int8', (2, 2, 3), [('multiples', (3,))], lambda x: np.tile(x, 3))
simple('tile_0d', 'Tile', 'Float64', (), [('multiples', (4,))], lambda x: np.tile(x, 4))
simple('tile_zero', 'Tile', 'Int32', (2, 3), [('multiples', (0, 2))], lambda x: np.tile(x, (0, 2)))

# ---- Select -----------------------------------------------------------------------
_graph('select_f32', [('c', 'Bool', (3, 4)), ('x', 'Float32', (3, 4)), ('y', 'Float32', (3, 4))], 'Select',
       'Float32', np.where)
_graph('select_bcast_i64', [('c', 'Bool', (2, 1, 3)), ('x', 'Int64', (4, 1)), ('y', 'Int64', ())], 'Select',
       'Int64', np.where)
_graph('select_f16', [('c', 'Bool', (5,)), ('x', 'Float16', (1,)), ('y', 'Float16', (5,))], 'Select', 'Float16',
       np.where)
_graph('select_0d', [('c', 'Bool', ()), ('x', 'UInt8', ()), ('y', 'UInt8', ())], 'Select', 'UInt8', np.where,
       ranges=[None, (0, 200), (0, 200)])


# ---- OneHot -----------------------------------------------------------------------
def _one_hot(depth, on, off, axis, dt):
    def f(ix):
        hit = ix[..., None] == np.arange(depth)
        hit = np.moveaxis(hit, -1, axis if axis >= 0 else ix.ndim + 1 + axis)
        return np.where(hit, on, off).astype(DT[dt])
    return f


simple('one_hot_f32', 'OneHot', 'Int32', (2, 3), [('depth', 4), ('on_value', 1.0), ('off_value', 0.0),
                                                  ('axis', -1), ('dtype', 'Float32')],
       _one_hot(4, 1.0, 0.0, -1, 'Float32'), 'Float32', -1, 5)
simple('one_hot_i64_ax0', 'OneHot', 'Int64', (3,), [('depth', 3), ('on_value', 5.0), ('off_value', -2.0),
                                                    ('axis', 0), ('dtype', 'Int64')],
       _one_hot(3, 5, -2, 0, 'Int64'), 'Int64', 0, 3)

# ---- gathers --------------------------------------------------------------------
_graph('gather_f32', [('x', 'Float32', (4, 3)), ('i', 'Int64', (2, 2))], 'Gather', 'Float32',
       lambda x, i: np.take(x, i, axis=0), ranges=[None, (-4, 3)])
_graph('gather_i16_ax1', [('x', 'Int16', (2, 3, 4)), ('i', 'Int32', (5,))], 'Gather', 'Int16',
       lambda x, i: np.take(x, i, axis=1), [('axis', 1)], ranges=[None, (-3, 2)])
_graph('gather_0d_idx', [('x', 'Float64', (3, 5)), ('i', 'Int64', ())], 'Gather', 'Float64',
       lambda x, i: np.take(x, i, axis=-1), [('axis', -1)], ranges=[None, (0, 4)])
# out-of-range indices: the generated code clamps (the eager kernel raises)
_graph('gather_clamp', [('x', 'Int32', (4,)), ('i', 'Int64', (6,))], 'Gather', 'Int32',
       lambda x, i: np.take(x, np.clip(np.where(i < 0, i + 4, i), 0, 3)), ranges=[None, (-9, 9)])
_graph('gather_d_f32', [('x', 'Float32', (3, 4)), ('i', 'Int64', (3, 6))], 'GatherD', 'Float32',
       lambda x, i: np.take_along_axis(x, i, 1), [('axis', 1)], ranges=[None, (-4, 3)])
_graph('gather_d_u8_ax0', [('x', 'UInt8', (2, 3)), ('i', 'Int32', (4, 3))], 'GatherD', 'UInt8',
       lambda x, i: np.take_along_axis(x, i, 0), [('axis', 0)], ranges=[(0, 200), (0, 1)])


def _gather_nd(x, ix):
    return x[tuple(np.moveaxis(ix, -1, 0))]


_graph('gather_nd_f32', [('x', 'Float32', (4, 3, 2)), ('i', 'Int64', (5, 2))], 'GatherNd', 'Float32', _gather_nd,
       ranges=[None, (0, 2)])
_graph('gather_nd_full_i64', [('x', 'Int64', (3, 4)), ('i', 'Int32', (2, 2, 2))], 'GatherNd', 'Int64', _gather_nd,
       ranges=[None, (-3, 2)])


# ---- scatters -------------------------------------------------------------------
def _scatter(add):
    def f(x, ix, u):
        out = x.copy()
        k = ix.shape[-1]
        flat = ix.reshape(-1, k)
        uf = u.reshape((flat.shape[0],) + x.shape[k:])
        for j, t in enumerate(flat):
            t = tuple(int(v) for v in t)
            out[t] = out[t] + uf[j] if add else uf[j]
        return out
    return f


_graph('scatter_update_f32', [('x', 'Float32', (4, 3)), ('i', 'Int64', (3, 1)), ('u', 'Float32', (3, 3))],
       'TensorScatterUpdate', 'Float32', _scatter(False), ranges=[None, (-4, 3), None])
_graph('scatter_update_i8_2d', [('x', 'Int8', (3, 4)), ('i', 'Int32', (5, 2)), ('u', 'Int8', (5,))],
       'TensorScatterUpdate', 'Int8', _scatter(False), ranges=[None, (0, 2), None])
_graph('scatter_add_f64', [('x', 'Float64', (4, 3)), ('i', 'Int64', (6, 1)), ('u', 'Float64', (6, 3))],
       'TensorScatterAdd', 'Float64', _scatter(True), ranges=[None, (0, 1), None])
_graph('scatter_add_i32', [('x', 'Int32', (2, 3)), ('i', 'Int64', (4, 2)), ('u', 'Int32', (4,))],
       'TensorScatterAdd', 'Int32', _scatter(True), ranges=[None, (0, 1), None])


# ---- scans ----------------------------------------------------------------------
def _cum(axis, exclusive, reverse, prod):
    def f(x):
        fn = np.cumprod if prod else np.cumsum
        y = np.flip(x, axis) if reverse else x
        r = fn(y, axis=axis, dtype=x.dtype)
        if exclusive:
            ax = axis % x.ndim
            first = np.full(r.shape[:ax] + (1,) + r.shape[ax + 1:], 1 if prod else 0, r.dtype)
            r = np.concatenate([first, np.take(r, range(r.shape[ax] - 1), axis=ax)], axis=ax)
        return np.flip(r, axis) if reverse else r
    return f


simple('cumsum_f32', 'CumSum', 'Float32', (3, 4), [('axis', 1)], _cum(1, False, False, False))
simple('cumsum_i32_ex_rev', 'CumSum', 'Int32', (2, 3, 4), [('axis', -2), ('exclusive', True), ('reverse', True)],
       _cum(-2, True, True, False))
simple('cumsum_f16', 'CumSum', 'Float16', (6,), [('axis', 0)], _cum(0, False, False, False))
simple('cumprod_f64_ex', 'CumProd', 'Float64', (3, 4), [('axis', 0), ('exclusive', True)],
       _cum(0, True, False, True), lo=0.5, hi=2)
simple('cumprod_i64_rev', 'CumProd', 'Int64', (5,), [('axis', 0), ('reverse', True)], _cum(0, False, True, True),
       lo=-3, hi=3)


# ---- ArgSort ----------------------------------------------------------------------
def _argsort(axis, desc):
    def f(x):
        if not desc:
            return np.argsort(x, axis=axis, kind='stable')
        # descending, ties in index order: a stable sort of the reversed
        # order of a stable ascending sort is not it; sort on -x (ints)
        return np.argsort(-x.astype(np.float64), axis=axis, kind='stable')
    return f


simple('argsort_f32', 'ArgSort', 'Float32', (3, 5), [('axis', -1)], _argsort(-1, False), 'Int64', -2, 2)
simple('argsort_i16_ax0', 'ArgSort', 'Int16', (6, 2), [('axis', 0)], _argsort(0, False), 'Int64', -3, 3)
simple('argsort_i64_desc', 'ArgSort', 'Int64', (2, 9), [('axis', 1), ('descending', True), ('dtype', 'Int32')],
       _argsort(1, True), 'Int32', -4, 4)
