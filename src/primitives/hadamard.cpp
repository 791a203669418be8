#include "primitives/hadamard.h"

#include "mxcore/ops.h"

namespace mxcore {

namespace {

// MLX's matrices (Sloane's library: had.12, had.20.will, had.28.will), so that
// results match mlx.core.hadamard_transform for every supported size.
const char* const kRows12[] = {
    "+-++++++++++", "--+-+-+-+-+-", "+++-++----++", "+---+--+-++-",
    "+++++-++----", "+-+---+--+-+", "++--+++-++--", "+--++---+--+",
    "++----+++-++", "+--+-++---+-", "++++----+++-", "+-+--+-++---",
};
const char* const kRows20[] = {
    "+----+----++--++-++-", "-+----+---+++---+-++", "--+----+---+++-+-+-+",
    "---+----+---+++++-+-", "----+----++--++-++-+", "-+++++-----+--+++--+",
    "+-+++-+---+-+--+++--", "++-++--+---+-+--+++-", "+++-+---+---+-+--+++",
    "++++-----++--+-+--++", "--++-+-++-+-----++++", "---++-+-++-+---+-+++",
    "+---++-+-+--+--++-++", "++---++-+----+-+++-+", "-++---++-+----+++++-",
    "-+--+--++-+----+----", "+-+-----++-+----+---", "-+-+-+---+--+----+--",
    "--+-+++------+----+-", "+--+--++------+----+",
};
const char* const kRows28[] = {
    "+------++----++-+--+-+--++--", "-+-----+++-----+-+--+-+--++-",
    "--+-----+++---+-+-+----+--++", "---+-----+++---+-+-+-+--+--+",
    "----+-----+++---+-+-+++--+--", "-----+-----++++--+-+--++--+-",
    "------++----++-+--+-+--++--+", "--++++-+-------++--+++-+--+-",
    "---++++-+-----+-++--+-+-+--+", "+---+++--+----++-++--+-+-+--",
    "++---++---+----++-++--+-+-+-", "+++---+----+----++-++--+-+-+",
    "++++--------+-+--++-++--+-+-", "-++++--------+++--++--+--+-+",
    "-+-++-++--++--+--------++++-", "+-+-++--+--++--+--------++++",
    "-+-+-++--+--++--+----+---+++", "+-+-+-++--+--+---+---++---++",
    "++-+-+-++--+------+--+++---+", "-++-+-+-++--+------+-++++---",
    "+-++-+---++--+------+-++++--", "-++--++-+-++-+++----++------",
    "+-++--++-+-++-+++-----+-----", "++-++---+-+-++-+++-----+----",
    "-++-++-+-+-+-+--+++-----+---", "--++-++++-+-+----+++-----+--",
    "+--++-+-++-+-+----+++-----+-", "++--++-+-++-+-+----++------+",
};

array apply(const array& x, float scale, bool transposed, const Stream& s) {
  return array(x.shape(), x.dtype(), std::make_shared<Hadamard>(s, scale, transposed), {x});
}

} // namespace

int hadamard_small_factor(int n) {
  for (int m : {1, 12, 20, 28}) {
    if (n % m != 0) continue;
    int p = n / m;
    if ((p & (p - 1)) == 0) return m;
  }
  return 0;
}

const char* hadamard_small_row(int m, int r) {
  switch (m) {
    case 12: return kRows12[r];
    case 20: return kRows20[r];
    case 28: return kRows28[r];
  }
  throw std::invalid_argument("[hadamard] No Hadamard matrix of size " + std::to_string(m) + ".");
}

void Hadamard::print(std::ostream& os) {
  os << "Hadamard(" << scale_ << (transposed_ ? ",T" : "") << ")";
}

std::vector<array> Hadamard::jvp(const std::vector<array>&, const std::vector<array>& tangents,
                                 const std::vector<int>&) {
  return {apply(tangents[0], scale_, transposed_, stream())};
}

// y = x H^T scale, so x's cotangent is the cotangent times H scale.
std::vector<array> Hadamard::vjp(const std::vector<array>&, const std::vector<array>& cotangents,
                                 const std::vector<int>&, const std::vector<array>&) {
  return {apply(cotangents[0], scale_, !transposed_, stream())};
}

std::pair<std::vector<array>, std::vector<int>> Hadamard::vmap(const std::vector<array>& inputs,
                                                               const std::vector<int>& axes) {
  array x = inputs[0];
  int ax = axes[0];
  // The transform runs along the last axis: a batch axis there moves to the front.
  if (ax >= 0 && ax == x.ndim() - 1) {
    x = moveaxis(x, ax, 0, stream());
    ax = 0;
  }
  return {{apply(x, scale_, transposed_, stream())}, {ax}};
}

} // namespace mxcore
