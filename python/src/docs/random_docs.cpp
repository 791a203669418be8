// Docstrings: mx.random (see docstrings.h).
#include "docstrings.h"

namespace mxpy::docs {

std::vector<Entry> random_entries() {
  return {
      {"random.seed", R"(Seed the global random number generator.

Later calls that take no ``key`` draw reproducibly from this seed.

Args:
    seed (int): The seed.

Returns:
    None.)"},
      {"random.key", R"(A PRNG key made from a seed.

Keys are ``uint32`` arrays of shape ``(2,)``; pass them as ``key=`` to the
sampling functions for reproducible draws.

Args:
    seed (int): The seed.

Returns:
    array: The key.)"},
      {"random.split", R"(Split a PRNG key into independent sub-keys.

Use each sub-key once; the parent key should not be reused after splitting.

Args:
    key (array): The key to split.
    num (int, optional): The number of sub-keys. Default: ``2``.

Returns:
    array: The sub-keys, of shape ``(num, 2)``.)"},
      {"random.bits", R"(Random bits as unsigned integers.

Results are a function of the key alone: the same key always gives the same
values.

Args:
    shape (list(int), optional): The shape of the output. Default: ``[]`` (a
        scalar).
    width (int, optional): The size of each element in bytes: 1, 2 or 4
        (``uint8``, ``uint16`` or ``uint32``). Default: ``4``.
    key (array, optional): A PRNG key from :func:`key` or :func:`split`.
        Default: ``None`` (draw from the global generator, which advances).

Returns:
    array: Uniformly random unsigned integers of the given shape.)"},
      {"random.uniform", R"(Uniformly distributed random numbers in the half-open interval ``[low, high)``.

``low`` and ``high`` must broadcast to ``shape``. Results are a function of the
key alone: the same key always gives the same values.

Args:
    low (scalar or array, optional): The lower bound. Default: ``0``.
    high (scalar or array, optional): The upper bound (excluded). Default:
        ``1``.
    shape (list(int), optional): The shape of the output. Default: ``[]`` (a
        scalar).
    dtype (Dtype, optional): The floating point type of the output. Default:
        ``float32``.
    key (array, optional): A PRNG key from :func:`key` or :func:`split`.
        Default: ``None`` (draw from the global generator, which advances).

Returns:
    array: The samples.)"},
      {"random.normal", R"(Normally distributed random numbers.

Samples are ``loc + scale * z`` with ``z`` standard normal; ``loc`` and
``scale`` must broadcast to ``shape``. Results are a function of the key alone:
the same key always gives the same values.

Args:
    shape (list(int), optional): The shape of the output. Default: ``[]`` (a
        scalar).
    dtype (Dtype, optional): The floating point type of the output. Default:
        ``float32``.
    loc (scalar or array, optional): The mean. Default: ``None`` (0).
    scale (scalar or array, optional): The standard deviation. Default: ``None``
        (1).
    key (array, optional): A PRNG key from :func:`key` or :func:`split`.
        Default: ``None`` (draw from the global generator, which advances).

Returns:
    array: The samples.)"},
      {"random.truncated_normal", R"(Normal random numbers truncated to the interval ``[lower, upper]``.

The standard normal distribution restricted to the bounds; ``lower`` and
``upper`` broadcast with ``shape``. Results are a function of the key alone: the
same key always gives the same values.

Args:
    lower (scalar or array): The lower bound.
    upper (scalar or array): The upper bound.
    shape (list(int), optional): The shape of the output. Default: ``None`` (the
        broadcast shape of the bounds).
    dtype (Dtype, optional): The floating point type of the output. Default:
        ``float32``.
    key (array, optional): A PRNG key from :func:`key` or :func:`split`.
        Default: ``None`` (draw from the global generator, which advances).

Returns:
    array: The samples.)"},
      {"random.multivariate_normal", R"(Samples from a multivariate normal distribution.

``cov`` is factored on the CPU (SVD); it must be symmetric positive
semi-definite. Results are a function of the key alone: the same key always
gives the same values.

Args:
    mean (array): The mean, of shape ``(..., n)``.
    cov (array): The covariance, of shape ``(..., n, n)``; its batch dims
        broadcast with ``mean``'s.
    shape (list(int), optional): The batch shape of the samples. Default: ``[]``
        (the broadcast batch shape of ``mean`` and ``cov``).
    dtype (Dtype, optional): The floating point type of the output. Default:
        ``float32``.
    key (array, optional): A PRNG key from :func:`key` or :func:`split`.
        Default: ``None`` (draw from the global generator, which advances).

Returns:
    array: Samples of shape ``shape + (n,)``.)"},
      {"random.laplace", R"(Samples from a Laplace distribution.

Results are a function of the key alone: the same key always gives the same
values.

Args:
    shape (list(int), optional): The shape of the output. Default: ``[]`` (a
        scalar).
    dtype (Dtype, optional): The floating point type of the output. Default:
        ``float32``.
    loc (float, optional): The mean of the distribution. Default: ``0.0``.
    scale (float, optional): Its scale (the standard deviation is ``sqrt(2) *
        scale``). Default: ``1.0``.
    key (array, optional): A PRNG key from :func:`key` or :func:`split`.
        Default: ``None`` (draw from the global generator, which advances).

Returns:
    array: The samples.)"},
      {"random.gumbel", R"(Samples from the standard Gumbel distribution.

``-log(-log(u))`` for ``u`` uniform in ``(0, 1)``. Results are a function of the
key alone: the same key always gives the same values.

Args:
    shape (list(int), optional): The shape of the output. Default: ``[]`` (a
        scalar).
    dtype (Dtype, optional): The floating point type of the output. Default:
        ``float32``.
    key (array, optional): A PRNG key from :func:`key` or :func:`split`.
        Default: ``None`` (draw from the global generator, which advances).

Returns:
    array: The samples.)"},
      {"random.bernoulli", R"(Bernoulli random values: ``True`` with probability ``p``.

Results are a function of the key alone: the same key always gives the same
values.

Args:
    p (scalar or array, optional): The probability of ``True``. Default:
        ``0.5``.
    shape (list(int), optional): The shape of the output. Default: ``None`` (the
        shape of ``p``).
    key (array, optional): A PRNG key from :func:`key` or :func:`split`.
        Default: ``None`` (draw from the global generator, which advances).

Returns:
    array: A boolean array.)"},
      {"random.randint", R"(Random integers in the half-open interval ``[low, high)``.

``low`` and ``high`` must broadcast to ``shape``. Results are a function of the
key alone: the same key always gives the same values.

Args:
    low (scalar or array): The lower bound.
    high (scalar or array): The upper bound (excluded).
    shape (list(int), optional): The shape of the output. Default: ``[]`` (a
        scalar).
    dtype (Dtype, optional): The integer type of the output. Default: ``int32``.
    key (array, optional): A PRNG key from :func:`key` or :func:`split`.
        Default: ``None`` (draw from the global generator, which advances).

Returns:
    array: The samples.)"},
      {"random.categorical", R"(Sample class indices from a categorical distribution given by logits.

``logits`` are unnormalized log-probabilities along ``axis``. At most one of
``shape`` and ``num_samples`` may be given. Results are a function of the key
alone: the same key always gives the same values.

Args:
    logits (array): The unnormalized log-probabilities.
    axis (int, optional): The axis holding the classes. Default: ``-1``.
    shape (list(int), optional): The output shape; it must broadcast with the
        shape of ``logits`` without ``axis``. Default: ``None``.
    num_samples (int, optional): The number of samples per distribution, as a
        new last axis. Default: ``None`` (one sample, ``axis`` removed).
    key (array, optional): A PRNG key from :func:`key` or :func:`split`.
        Default: ``None`` (draw from the global generator, which advances).

Returns:
    array: The sampled indices, as ``uint32``.)"},
      {"random.permutation", R"(A random permutation of ``range(x)``, or a random shuffle of an array along an axis.

Results are a function of the key alone: the same key always gives the same
values.

Args:
    x (int or array): An int ``n`` (permute ``0 .. n-1``) or the array to
        shuffle.
    axis (int, optional): The axis to shuffle when ``x`` is an array. Default:
        ``0``.
    key (array, optional): A PRNG key from :func:`key` or :func:`split`.
        Default: ``None`` (draw from the global generator, which advances).

Returns:
    array: The permuted values.)"},
  };
}

} // namespace mxpy::docs
