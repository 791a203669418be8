// Arrays, a gradient, a compiled function and a graph export from C++.
#include <iostream>

#include "mxcore/mxcore.h"

namespace mx = mxcore;

int main(int argc, char** argv) {
  // Arrays are lazy: nothing is computed until a value is needed.
  mx::array x = mx::arange(0.0, 4.0, 1.0, mx::float32);
  mx::array y = mx::sum(mx::square(x));
  std::cout << "x = " << x << "\n";
  std::cout << "sum(x^2) = " << y.item<float>() << "\n";

  // d/dx sum(x^2) = 2x
  auto loss = [](const mx::array& a) { return mx::sum(mx::square(a)); };
  mx::array g = mx::grad(loss)(x);
  std::cout << "grad = " << g << "\n";

  // compile traces the function once, fuses it and runs a JIT-built kernel.
  auto gelu = [](const std::vector<mx::array>& in) {
    const mx::array& v = in[0];
    return std::vector<mx::array>{
        mx::divide(mx::multiply(v, mx::add(mx::erf(mx::divide(v, mx::array(1.4142135f))),
                                           mx::array(1.0f))),
                   mx::array(2.0f))};
  };
  auto fast_gelu = mx::compile(gelu);
  mx::array eager = gelu({x})[0];
  mx::array fused = fast_gelu({x})[0];
  std::cout << "gelu = " << fused << "\n";
  std::cout << "compiled matches eager: " << std::boolalpha
            << mx::allclose(eager, fused).item<bool>() << "\n";

  // The graph of a lazy expression, for graphviz.
  if (argc > 1) mx::export_to_dot(std::string(argv[1]), {mx::exp(mx::add(x, mx::array(1.0f)))});
  return 0;
}
