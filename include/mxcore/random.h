// Key-based pseudo-random numbers (threefry2x32), as in MLX.
#pragma once

#include <optional>

#include "mxcore/array.h"
#include "mxcore/ops.h"

namespace mxcore::random {

// A PRNG key: uint32 array of shape (2,).
array key(uint64_t seed);
// Seeds the global key.
void seed(uint64_t seed);
// The global key, replaced by a fresh subkey on each use (its state array
// is what compile captures as `mx.random.state`).
array global_key();
void set_global_key(array key);
// Returns `num` new keys, shape (num, 2).
array split(const array& key, int num, StreamOrDevice s = {});
std::pair<array, array> split(const array& key, StreamOrDevice s = {});

// Random bits of `width` bytes (1, 2 or 4) per element.
array bits(const Shape& shape, int width = 4,
           const std::optional<array>& key = std::nullopt, StreamOrDevice s = {});

array uniform(const array& low, const array& high, const Shape& shape,
              Dtype dtype = float32, const std::optional<array>& key = std::nullopt,
              StreamOrDevice s = {});
array uniform(const Shape& shape, Dtype dtype = float32,
              const std::optional<array>& key = std::nullopt, StreamOrDevice s = {});
array normal(const Shape& shape, Dtype dtype = float32, const array& loc = array(0.0f),
             const array& scale = array(1.0f),
             const std::optional<array>& key = std::nullopt, StreamOrDevice s = {});
array randint(const array& low, const array& high, const Shape& shape,
              Dtype dtype = int32, const std::optional<array>& key = std::nullopt,
              StreamOrDevice s = {});
array bernoulli(const array& p, const std::optional<Shape>& shape = std::nullopt,
                const std::optional<array>& key = std::nullopt, StreamOrDevice s = {});
array truncated_normal(const array& lower, const array& upper,
                       const std::optional<Shape>& shape = std::nullopt,
                       Dtype dtype = float32,
                       const std::optional<array>& key = std::nullopt,
                       StreamOrDevice s = {});
array gumbel(const Shape& shape, Dtype dtype = float32,
             const std::optional<array>& key = std::nullopt, StreamOrDevice s = {});
array categorical(const array& logits, int axis = -1,
                  const std::optional<Shape>& shape = std::nullopt,
                  const std::optional<int>& num_samples = std::nullopt,
                  const std::optional<array>& key = std::nullopt, StreamOrDevice s = {});

// A random permutation of arange(n), or x shuffled along axis.
array permutation(int n, const std::optional<array>& key = std::nullopt, StreamOrDevice s = {});
array permutation(const array& x, int axis = 0, const std::optional<array>& key = std::nullopt,
                  StreamOrDevice s = {});

} // namespace mxcore::random
