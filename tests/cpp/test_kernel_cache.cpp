// The kernel cache's building blocks: SHA-256 and HMAC-SHA-256 against
// published vectors, the ELF validation of compiler output on real and
// damaged objects, and content-addressed entry names. (The cache itself is
// exercised end to end by tests/python/test_jit_cache_*.py.)
#include <dlfcn.h>

#include <fstream>
#include <random>
#include <string>

#include "backend/cpu/elf_check.h"
#include "backend/cpu/kernel_cache.h"
#include "backend/cpu/sha256.h"
#include "test_framework.h"

using namespace mxcore::cpu;

namespace {

// The bytes of the shared object that defines `symbol` in this process.
std::string object_defining(const char* symbol) {
  void* addr = ::dlsym(RTLD_DEFAULT, symbol);
  Dl_info info;
  if (!addr || !::dladdr(addr, &info) || !info.dli_fname) return "";
  std::ifstream f(info.dli_fname, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

} // namespace

TEST_CASE("sha256: FIPS 180-4 vectors, in one piece and in pieces") {
  CHECK(to_hex(sha256("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(to_hex(sha256("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  std::string two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  CHECK(to_hex(sha256(two_blocks)) ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  std::string million(1000000, 'a');
  const std::string want = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
  CHECK(to_hex(sha256(million)) == want);
  Sha256 pieces;
  for (size_t i = 0; i < million.size(); i += 61) pieces.update(million.substr(i, 61));
  CHECK(to_hex(pieces.finish()) == want);
}

TEST_CASE("hmac-sha256: RFC 4231 vectors") {
  CHECK(to_hex(hmac_sha256(std::string(20, '\x0b'), {"Hi There"})) ==
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  CHECK(to_hex(hmac_sha256("Jefe", {"what do ya want ", "for nothing?"})) ==
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  // A key longer than a block is hashed first (test case 6).
  CHECK(to_hex(hmac_sha256(std::string(131, '\xaa'),
                           {"Test Using Larger Than Block-Size Key - Hash Key First"})) ==
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
  auto a = hmac_sha256("k", {"x"}), b = hmac_sha256("k", {"y"});
  CHECK(digests_equal(a.data(), a.data(), a.size()));
  CHECK(!digests_equal(a.data(), b.data(), a.size()));
}

TEST_CASE("elf check: a real shared object and what it exports") {
  auto libc = object_defining("printf");
  CHECK(!libc.empty());
  CHECK(shared_object_problem(libc, "printf") == "");
  CHECK(shared_object_problem(libc, "mxcore_no_such_symbol") == "does not export mxcore_no_such_symbol");
  // libm imports __assert_fail from libc: an undefined symbol is not an export.
  auto libm = object_defining("cos");
  CHECK(!libm.empty());
  CHECK(shared_object_problem(libm, "cos") == "");
  CHECK(shared_object_problem(libm, "__assert_fail") == "does not export __assert_fail");
}

TEST_CASE("elf check: damaged objects are rejected without reading out of bounds") {
  auto libc = object_defining("printf");
  CHECK(shared_object_problem("", "printf") == "shorter than an ELF header");
  CHECK(shared_object_problem("this is a text file, not a kernel\n" + std::string(64, ' '),
                              "printf") == "not an ELF file");
  auto other_machine = libc;
  other_machine[18] ^= 0x7f; // e_machine
  CHECK(shared_object_problem(other_machine, "printf") == "an ELF file for another machine");
  auto executable = libc;
  executable[16] = 2; // e_type = ET_EXEC
  CHECK(shared_object_problem(executable, "printf") == "not an ELF shared object");
  // Every truncation and random damage gives an answer, never a crash.
  for (size_t size = 0; size < libc.size(); size += 4099) {
    CHECK(!shared_object_problem(libc.substr(0, size), "printf").empty());
  }
  std::mt19937 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    auto damaged = libc.substr(0, 64 + rng() % 4096) + libc.substr(libc.size() - 8192);
    for (int k = 0; k < 16; ++k) damaged[rng() % damaged.size()] = char(rng());
    (void)shared_object_problem(damaged, "printf");
  }
}

TEST_CASE("kernel entry names: content-addressed and file-name safe") {
  auto a = kernel_entry_name("k", {"source", "g++ 13", "-O3"});
  CHECK(a == kernel_entry_name("k", {"source", "g++ 13", "-O3"}));
  CHECK(a != kernel_entry_name("k", {"source2", "g++ 13", "-O3"}));
  CHECK(a != kernel_entry_name("k", {"source", "g++ 14", "-O3"}));
  CHECK(a != kernel_entry_name("k", {"source", "g++ 13", "-O2"}));
  // Length-prefixed parts: moving a boundary changes the name.
  CHECK(kernel_entry_name("k", {"ab", "c"}) != kernel_entry_name("k", {"a", "bc"}));
  CHECK(a.size() == 1 + 1 + 64 + 7 && a.rfind(".kernel") == a.size() - 7);
  auto odd = kernel_entry_name("../../etc/passwd" + std::string(100, 'x'), {"s"});
  CHECK(odd.find('/') == std::string::npos && odd.find("..") == std::string::npos);
  CHECK(odd.size() == 48 + 1 + 64 + 7);
}
