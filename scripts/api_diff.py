#!/usr/bin/env python3
"""Compare mxcore's public API with the installed mlx's (a development aid).

Prints, for ``mlx.core`` and its submodules, the ``mx.array`` methods,
``mlx.nn`` layers' ``__init__``, losses, init functions, ``nn.distributed``,
``Module``'s methods, optimizers (and ``Optimizer``'s methods), schedules and
``mlx.utils``: the names
mxcore lacks and every signature difference a program could hit (a parameter
MLX accepts that mxcore rejects, a different position or default, a
keyword-only or positional-only mismatch). Runs only where mlx is installed:

    PYTHONPATH=python python3 scripts/api_diff.py [--all]

``--all`` also lists parameters mxcore has and MLX lacks (harmless extras).
Exit status 0 always: this reports, it does not judge.
"""

import inspect
import re
import sys

POSITIONAL_ONLY, POSITIONAL, KEYWORD_ONLY, VAR_POSITIONAL, VAR_KEYWORD = range(5)
KIND_NAMES = ["positional-only", "positional-or-keyword", "keyword-only", "*args", "**kwargs"]


class Param:
    def __init__(self, name, kind, default):
        self.name, self.kind, self.default = name, kind, default  # default: normalized text or None

    def __repr__(self):
        return f"{self.name}[{KIND_NAMES[self.kind]}]" + ("" if self.default is None else f"={self.default}")


def split_top_level(text):
    """Split ``text`` at the commas outside brackets and quotes."""
    parts, depth, quote, start = [], 0, None, 0
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def normalize_default(text):
    text = text.strip()
    # Both libraries spell the same values differently: 'x' / "x", 1.0 / 1, dtype names.
    text = text.replace('"', "'")
    text = re.sub(r"^(mlx\.core|mxcore\._core|mxcore)\.", "", text)
    text = re.sub(r"^Dtype\.", "", text)
    try:
        value = float(text)
        return repr(value)
    except ValueError:
        return text


def parse_signature_line(line):
    """Params of one ``name(params) -> ret`` line (pybind11 and nanobind style)."""
    line = line.strip()
    if line.startswith("def "):
        line = line[4:]
    open_at = line.find("(")
    depth, close_at = 0, None
    for i in range(open_at, len(line)):
        if line[i] == "(":
            depth += 1
        elif line[i] == ")":
            depth -= 1
            if depth == 0:
                close_at = i
                break
    params, kind = [], POSITIONAL
    for part in split_top_level(line[open_at + 1:close_at]):
        if part == "/":
            for p in params:
                p.kind = POSITIONAL_ONLY
            continue
        if part == "*":
            kind = KEYWORD_ONLY
            continue
        if part.startswith("**"):
            params.append(Param(part[2:].split(":")[0].strip(), VAR_KEYWORD, None))
            continue
        if part.startswith("*"):
            params.append(Param(part[1:].split(":")[0].strip(), VAR_POSITIONAL, None))
            kind = KEYWORD_ONLY
            continue
        name_and_type, _, default = part.partition("=")
        name = name_and_type.split(":")[0].strip()
        if name == "self":
            continue
        params.append(Param(name, kind, normalize_default(default) if default else None))
    return params


def nanobind_signatures(fn):
    """Every overload of an mlx (nanobind) function, defaults substituted."""
    out = []
    for text, _doc, defaults in getattr(fn, "__nb_signature__", ()):
        if defaults:
            text = re.sub(r"\\(\d+)", lambda m: repr(defaults[int(m.group(1))]), text)
        out.append(parse_signature_line(text))
    return out


def doc_signatures(fn, name):
    """Overloads from a pybind11 docstring (first line, or the numbered lines of an overload set)."""
    doc = getattr(fn, "__doc__", None) or ""
    lines = doc.splitlines()
    if not lines:
        return []
    # An alias (mx.acos) carries the signature of the function it names (arccos).
    first = re.match(r"^(\w+)\(", lines[0])
    if first is None:
        return []
    name = first.group(1)
    if lines[0].startswith(name + "(*args, **kwargs)") and len(lines) > 1:
        sigs = [ln for ln in lines[1:] if ln.startswith(name + "(")]
        sigs += [re.sub(r"^\d+\. ", "", ln) for ln in lines if re.match(r"^\d+\. " + re.escape(name) + r"\(", ln)]
        if sigs:
            return [parse_signature_line(s) for s in sigs]
    return [parse_signature_line(lines[0])]


def python_signature(fn):
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    kinds = {
        inspect.Parameter.POSITIONAL_ONLY: POSITIONAL_ONLY,
        inspect.Parameter.POSITIONAL_OR_KEYWORD: POSITIONAL,
        inspect.Parameter.KEYWORD_ONLY: KEYWORD_ONLY,
        inspect.Parameter.VAR_POSITIONAL: VAR_POSITIONAL,
        inspect.Parameter.VAR_KEYWORD: VAR_KEYWORD,
    }
    def default_text(value):
        if value is inspect.Parameter.empty:
            return None
        if callable(value) and hasattr(value, "__name__"):
            return value.__name__  # functions compare by name (mlx's are compiled wrappers)
        return normalize_default(repr(value))

    return [
        Param(p.name, kinds[p.kind], default_text(p.default))
        for p in sig.parameters.values()
        if p.name != "self"
    ]


def signatures(fn, name):
    sigs = nanobind_signatures(fn) or doc_signatures(fn, name)
    if not sigs:
        py = python_signature(fn)
        sigs = [py] if py is not None else []
    return sigs


def differences(mlx_params, mx_params, show_extras):
    """What an MLX-style call could hit with mxcore's parameters."""
    out = []
    # mxcore's **kwargs absorbs a named MLX parameter only when MLX has no
    # **kwargs of its own (where both have one, it means the same thing, e.g.
    # export_function's example inputs, and takes no named options).
    has_var_kw = (any(p.kind == VAR_KEYWORD for p in mx_params)
                  and not any(p.kind == VAR_KEYWORD for p in mlx_params))
    has_var_pos = any(p.kind == VAR_POSITIONAL for p in mx_params)
    by_name = {p.name: p for p in mx_params}
    mlx_pos = [p.name for p in mlx_params if p.kind in (POSITIONAL_ONLY, POSITIONAL)]
    mx_pos = [p.name for p in mx_params if p.kind in (POSITIONAL_ONLY, POSITIONAL)]
    for p in mlx_params:
        if p.kind in (VAR_POSITIONAL, VAR_KEYWORD):
            continue
        q = by_name.get(p.name)
        if q is None:
            if p.kind == POSITIONAL_ONLY and p.name not in mx_pos:
                i = mlx_pos.index(p.name)
                if i < len(mx_pos) or has_var_pos:
                    continue  # a positional-only name is not part of the call
            if not has_var_kw:
                out.append(f"missing parameter {p!r}")
            continue
        if p.kind != POSITIONAL_ONLY and q.kind == POSITIONAL_ONLY:
            out.append(f"{p.name}: MLX accepts it by keyword, mxcore is positional-only")
        if p.kind in (POSITIONAL_ONLY, POSITIONAL) and q.kind == KEYWORD_ONLY:
            out.append(f"{p.name}: MLX accepts it positionally, mxcore is keyword-only")
        if p.kind in (POSITIONAL_ONLY, POSITIONAL) and q.kind in (POSITIONAL_ONLY, POSITIONAL):
            if mlx_pos.index(p.name) != mx_pos.index(q.name):
                out.append(f"{p.name}: position {mlx_pos.index(p.name)} in MLX, {mx_pos.index(q.name)} in mxcore")
        if p.default != q.default:
            if p.default is None:
                pass  # MLX requires it; mxcore having a default breaks no MLX call
            elif q.default is None:
                out.append(f"{p.name}: MLX default {p.default}, mxcore requires it")
            else:
                out.append(f"{p.name}: default {p.default} in MLX, {q.default} in mxcore")
    if show_extras:
        mlx_names = {p.name for p in mlx_params}
        for q in mx_params:
            if q.name not in mlx_names and q.kind not in (VAR_POSITIONAL, VAR_KEYWORD):
                out.append(f"(extra in mxcore) {q!r}")
    return out


def compare_callable(label, mlx_fn, mx_fn, name, show_extras, report):
    mlx_sigs = signatures(mlx_fn, name)
    mx_sigs = signatures(mx_fn, name)
    if not mlx_sigs:
        return
    if not mx_sigs:
        report.append(f"{label}: no signature readable in mxcore")
        return
    for mlx_params in mlx_sigs:
        best = min((differences(mlx_params, mx_params, show_extras) for mx_params in mx_sigs), key=len)
        for line in best:
            report.append(f"{label}: {line}")


def public_names(obj):
    return sorted(n for n in dir(obj) if not n.startswith("_"))


def defined_elsewhere(obj, mod):
    """A name a Python module imported (typing.Optional, mlx.utils.tree_map), not its API."""
    if not getattr(mod, "__file__", "").endswith(".py"):
        return False
    home = getattr(obj, "__module__", None) or ""
    package = mod.__name__
    return not (home == package or home.startswith(package + "."))


def compare_module(label, mlx_mod, mx_mod, show_extras, report, types_only=False):
    for name in public_names(mlx_mod):
        mlx_obj = getattr(mlx_mod, name)
        if inspect.ismodule(mlx_obj) or defined_elsewhere(mlx_obj, mlx_mod):
            continue
        if not hasattr(mx_mod, name):
            report.append(f"{label}.{name}: missing in mxcore")
            continue
        mx_obj = getattr(mx_mod, name)
        if inspect.isclass(mlx_obj):
            init = "__init__"
            if mlx_obj.__init__ is not object.__init__ and getattr(mx_obj, "__init__", None) is not object.__init__:
                compare_callable(f"{label}.{name}.__init__", mlx_obj.__init__, mx_obj.__init__, init, show_extras, report)
        elif callable(mlx_obj) and not types_only:
            compare_callable(f"{label}.{name}", mlx_obj, mx_obj, name, show_extras, report)


def compare_methods(label, mlx_cls, mx_cls, show_extras, report):
    for name in public_names(mlx_cls):
        mlx_attr = getattr(mlx_cls, name)
        if not hasattr(mx_cls, name):
            report.append(f"{label}.{name}: missing in mxcore")
            continue
        if callable(mlx_attr) and not isinstance(mlx_attr, property):
            compare_callable(f"{label}.{name}", mlx_attr, getattr(mx_cls, name), name, show_extras, report)


def main(argv):
    try:
        import mlx.core as mlx_core
        import mlx.nn as mlx_nn
        import mlx.optimizers as mlx_optim
    except ImportError:
        print("mlx is not installed here: nothing to compare", file=sys.stderr)
        return 0
    import mxcore
    import mxcore.nn
    import mxcore.optimizers

    show_extras = "--all" in argv
    report = []
    compare_module("mx", mlx_core, mxcore, show_extras, report)
    for sub in ("fft", "linalg", "random", "fast", "distributed", "metal", "cuda"):
        if hasattr(mlx_core, sub):
            if not hasattr(mxcore, sub):
                report.append(f"mx.{sub}: missing in mxcore")
                continue
            compare_module(f"mx.{sub}", getattr(mlx_core, sub), getattr(mxcore, sub), show_extras, report)
    compare_methods("mx.array", mlx_core.array, mxcore.array, show_extras, report)
    compare_module("nn", mlx_nn, mxcore.nn, show_extras, report)
    compare_module("nn.losses", mlx_nn.losses, mxcore.nn.losses, show_extras, report)
    compare_module("nn.init", mlx_nn.init, mxcore.nn.init, show_extras, report)
    if hasattr(mlx_nn, "distributed"):
        mx_dist = getattr(mxcore.nn, "distributed", None)
        if mx_dist is None:
            report.append("nn.distributed: missing in mxcore")
        else:
            compare_module("nn.distributed", mlx_nn.distributed, mx_dist, show_extras, report)
    compare_module("optimizers", mlx_optim, mxcore.optimizers, show_extras, report)
    compare_methods("nn.Module", mlx_nn.Module, mxcore.nn.Module, show_extras, report)
    compare_methods("optimizers.Optimizer", mlx_optim.Optimizer, mxcore.optimizers.Optimizer, show_extras, report)
    import mlx.utils
    import mxcore.utils
    compare_module("utils", mlx.utils, mxcore.utils, show_extras, report)

    for line in report:
        print(line)
    print(f"{len(report)} difference(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
