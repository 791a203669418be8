// Docstrings: mx.fast (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> fast_entries() {
  return {
      {"fast.rms_norm", R"(Root mean square normalization over the last axis.

``x / sqrt(mean(x * x, -1) + eps) * weight``.

Args:
    x (array): The input array.
    weight (array or None): The scale, of the size of the last axis, or ``None``
        for no scale.
    eps (float): Added to the mean square for numerical stability.

Returns:
    array: The normalized array, of the dtype of ``x``.)"},
      {"fast.layer_norm", R"(Layer normalization over the last axis.

``(x - mean) / sqrt(var + eps) * weight + bias`` with the mean and (biased)
variance of the last axis.

Args:
    x (array): The input array.
    weight (array or None): The scale, of the size of the last axis, or
        ``None``.
    bias (array or None): The offset, of the size of the last axis, or ``None``.
    eps (float): Added to the variance for numerical stability.

Returns:
    array: The normalized array.)"},
      {"fast.rope", R"(Apply rotary positional encoding to the input.

The first ``dims`` features of the last axis are rotated in pairs by angles
``(offset + position) * scale * theta_i``, where ``position`` is the index along
the second-to-last axis and ``theta_i = base ** (-2i / dims)`` (or ``1 /
freqs[i]``). Exactly one of ``base`` and ``freqs`` must be given.

Args:
    a (array): The input, of shape ``(..., L, D)``.
    dims (int): The number of features to rotate (even, at most ``D``).
    traditional (bool): Rotate consecutive pairs ``(x[2i], x[2i+1])``; otherwise
        the two halves ``(x[i], x[i + dims/2])``.
    base (float or None): The base of the frequencies.
    scale (float): The scale of the positions.
    offset (int): The position of the first row.
    freqs (array, optional): ``dims // 2`` explicit frequencies, used instead of
        ``base``. Default: ``None``.

Returns:
    array: The encoded array.)"},
      {"fast.scaled_dot_product_attention", R"(Scaled dot product attention: ``softmax(scale * q @ k.T + mask) @ v``.

Grouped and multi-query attention are supported: ``k`` and ``v`` may have fewer
heads than ``q`` as long as they divide them.

Args:
    q (array): Queries, of shape ``(B, N_q, L_q, D)``.
    k (array): Keys, of shape ``(B, N_kv, L_kv, D)``.
    v (array): Values, of shape ``(B, N_kv, L_kv, D_v)``.
    scale (float): The scale of the scores, typically ``1 / sqrt(D)``.
    mask (str or array, optional): ``"causal"``, a boolean mask (``False``
        positions are excluded) or an additive mask broadcastable to the scores.
        Default: ``None``.
    sinks (array, optional): One attention-sink logit per query head, added to
        the softmax denominator. Default: ``None``.
    force_fused (bool, optional): Accepted for MLX compatibility; mxcore has a
        single implementation. Default: ``False``.

Returns:
    array: The attention output, of shape ``(B, N_q, L_q, D_v)``.)"},
      {"fast.cross_entropy", R"(Cross entropy loss with class indices as targets, over the last axis.

``logsumexp(logits, -1) - take_along_axis(logits, targets)``, computed in one
pass.

Args:
    logits (array): Unnormalized log-probabilities, of shape ``(..., C)``.
    targets (array): Integer class indices, of shape ``(...)``.

Returns:
    array: The per-example losses, of shape ``(...)``.)"},
      {"fast.metal_kernel", R"(A custom Metal kernel, accepted for MLX compatibility.

mxcore has no Metal back-end: the kernel can be made, but calling it raises
``RuntimeError``.

Args:
    name (str): The kernel name.
    input_names (list(str)): The names of the inputs in the source.
    output_names (list(str)): The names of the outputs in the source.
    source (str): The kernel body.
    header (str, optional): Code placed before the kernel. Default: ``""``.
    ensure_row_contiguous (bool, optional): Copy the inputs to row-contiguous
        layout first. Default: ``True``.
    atomic_outputs (bool, optional): Declare the outputs as atomics. Default:
        ``False``.
    compile_options (dict, optional): Options for the Metal compiler. Default:
        ``None``.

Returns:
    Callable: The kernel object.)"},
      {"fast.cuda_kernel", R"(A custom CUDA kernel, accepted for MLX compatibility.

mxcore has no CUDA back-end: the kernel can be made, but calling it raises
``RuntimeError``.

Args:
    name (str): The kernel name.
    input_names (list(str)): The names of the inputs in the source.
    output_names (list(str)): The names of the outputs in the source.
    source (str): The kernel body.
    header (str, optional): Code placed before the kernel. Default: ``""``.
    ensure_row_contiguous (bool, optional): Copy the inputs to row-contiguous
        layout first. Default: ``True``.
    shared_memory (int, optional): Bytes of dynamic shared memory. Default:
        ``0``.

Returns:
    Callable: The kernel object.)"},
      {"fast.precompiled_cuda_kernel", R"(Run a precompiled CUDA kernel, accepted for MLX compatibility.

mxcore has no CUDA back-end: calling it raises ``RuntimeError``.

Args:
    **kwargs (array): The arguments of MLX's ``precompiled_cuda_kernel``; they
        are not used.

Returns:
    list(array): Never returns.)"},
  };
}

} // namespace mxpy::docs
