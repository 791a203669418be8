"""einsum_path: the greedy pairwise contraction order and NumPy's cost model."""

from . import _core as _mx


def _arr(a):
    return a if isinstance(a, _mx.array) else _mx.array(a)


def _flops(labels, sizes, num_terms, inner):
    # NumPy's einsum cost model: one multiply per extra term, one add if summing.
    size = 1
    for c in labels:
        size *= sizes[c]
    return size * (max(num_terms - 1, 1) + (1 if inner else 0))


def einsum_path(subscripts, *operands):
    """The contraction order of an einsum and a description of its cost.

    Pairs are chosen greedily (the pair whose result shrinks the working set
    most, as NumPy's and MLX's greedy optimizer); each path entry names the
    positions of the contracted operands in the current list, the result
    being appended at the end.

    Args:
        subscripts (str): The einsum equation, e.g. ``"ij,jk->ik"``.
        *operands (array): The operands (only their shapes are used).

    Returns:
        tuple(list(tuple(int, ...)), str): The contraction path and a printable
        summary of its cost.
    """
    text = subscripts.replace(" ", "")
    if "->" in text:
        lhs, out = text.split("->")
    else:
        lhs = text
        counts = {}
        for c in lhs.replace(",", "").replace(".", ""):
            counts[c] = counts.get(c, 0) + 1
        out = "".join(sorted(c for c, n in counts.items() if n == 1))
    inputs = lhs.split(",")
    if len(inputs) != len(operands):
        raise ValueError(f"[einsum_path] Invalid number of operands, {len(operands)}, "
                         f"for subscripts with {len(inputs)} inputs.")
    # '...' becomes one private label per broadcast dimension (right-aligned).
    shapes = [_arr(op).shape for op in operands]
    n_ellipsis = max([len(shp) - len(t.replace("...", "")) for t, shp in zip(inputs, shapes)
                      if "..." in t] + [0])
    extra = "".join(chr(0x4E00 + k) for k in range(n_ellipsis))
    terms = []
    sizes = {}
    for term, shape in zip(inputs, shapes):
        if "..." in term:
            k = len(shape) - len(term.replace("...", ""))
            term = term.replace("...", extra[n_ellipsis - k:] if k else "")
        if len(term) != len(shape):
            raise ValueError(f"[einsum_path] Invalid subscript '{term}' for operand with "
                             f"{len(shape)} dimensions.")
        for c, d in zip(term, shape):
            if sizes.get(c, 1) not in (1, d) and d != 1:
                raise ValueError(f"[einsum_path] Size mismatch for label '{c}': "
                                 f"{sizes[c]} and {d}.")
            sizes[c] = max(sizes.get(c, 1), d)
        terms.append(term)
    out = out.replace("...", extra) if "..." in out else (out if "->" in text else extra + out)
    all_labels = set("".join(terms))
    naive_scaling = len(all_labels)
    naive = _flops(all_labels, sizes, len(terms), bool(all_labels - set(out)))

    def size_of(labels):
        n = 1
        for c in labels:
            n *= sizes[c]
        return n

    ops = [set(t) for t in terms]
    path, opt_flops, opt_scaling = [], 0, 0
    if len(ops) == 1:
        path, opt_flops, opt_scaling = [(0,)], naive, naive_scaling
    while len(ops) > 1:
        best = None
        for i in range(len(ops)):
            for j in range(i + 1, len(ops)):
                shared = ops[i] & ops[j]
                keep = set(out).union(*[ops[k] for k in range(len(ops)) if k not in (i, j)])
                result = (ops[i] | ops[j]) & keep
                cost = size_of(result) - size_of(ops[i]) - size_of(ops[j])
                key = (0 if shared else 1, cost if shared else size_of(result))
                if best is None or key < best[0]:
                    best = (key, i, j, result)
        _, i, j, result = best
        union = ops[i] | ops[j]
        opt_flops += _flops(union, sizes, 2, bool(union - result))
        opt_scaling = max(opt_scaling, len(union))
        path.append((i, j))
        ops = [o for k, o in enumerate(ops) if k not in (i, j)] + [result]
    info = (f"  Complete contraction:  {text}\n"
            f"         Naive scaling:  {naive_scaling}\n"
            f"     Optimized scaling:  {opt_scaling}\n"
            f"      Naive FLOP count:  {naive}\n"
            f"  Optimized FLOP count:  {opt_flops}\n")
    return path, info
