#include "backend/cpu/elf_check.h"

#include <elf.h>
#include <link.h>

#include <cstring>

namespace mxcore::cpu {

namespace {

#if defined(__x86_64__)
constexpr int this_machine = EM_X86_64;
#elif defined(__aarch64__)
constexpr int this_machine = EM_AARCH64;
#elif defined(__i386__)
constexpr int this_machine = EM_386;
#elif defined(__arm__)
constexpr int this_machine = EM_ARM;
#elif defined(__powerpc64__)
constexpr int this_machine = EM_PPC64;
#elif defined(__riscv)
constexpr int this_machine = EM_RISCV;
#elif defined(__s390x__)
constexpr int this_machine = EM_S390;
#else
#error "elf_check: unknown machine"
#endif

constexpr unsigned char this_class = sizeof(void*) == 8 ? ELFCLASS64 : ELFCLASS32;
constexpr unsigned char this_byte_order =
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB;

// Whether [offset, offset + count * size) lies inside an image of image_size.
bool in_bounds(uint64_t offset, uint64_t count, uint64_t size, uint64_t image_size) {
  if (offset > image_size || size == 0) return count == 0 && offset <= image_size;
  return count <= (image_size - offset) / size;
}

} // namespace

std::string shared_object_problem(std::string_view image, const std::string& symbol) {
  using Ehdr = ElfW(Ehdr);
  using Shdr = ElfW(Shdr);
  using Sym = ElfW(Sym);
  if (image.size() < sizeof(Ehdr)) return "shorter than an ELF header";
  Ehdr eh;
  std::memcpy(&eh, image.data(), sizeof(eh));
  if (std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0) return "not an ELF file";
  if (eh.e_ident[EI_CLASS] != this_class || eh.e_ident[EI_DATA] != this_byte_order ||
      eh.e_machine != this_machine) {
    return "an ELF file for another machine";
  }
  if (eh.e_type != ET_DYN) return "not an ELF shared object";
  if (eh.e_shentsize != sizeof(Shdr) || !in_bounds(eh.e_shoff, eh.e_shnum, sizeof(Shdr), image.size())) {
    return "a malformed ELF section table";
  }
  auto section = [&](size_t i) {
    Shdr sh;
    std::memcpy(&sh, image.data() + eh.e_shoff + i * sizeof(Shdr), sizeof(sh));
    return sh;
  };
  for (size_t i = 0; i < eh.e_shnum; ++i) {
    Shdr symtab = section(i);
    if (symtab.sh_type != SHT_DYNSYM) continue;
    if (symtab.sh_link >= eh.e_shnum) return "a malformed dynamic symbol table";
    Shdr strtab = section(symtab.sh_link);
    uint64_t sym_count = symtab.sh_size / sizeof(Sym);
    if (!in_bounds(symtab.sh_offset, sym_count, sizeof(Sym), image.size()) ||
        !in_bounds(strtab.sh_offset, strtab.sh_size, 1, image.size())) {
      return "a malformed dynamic symbol table";
    }
    const char* names = image.data() + strtab.sh_offset;
    for (uint64_t k = 0; k < sym_count; ++k) {
      Sym sym;
      std::memcpy(&sym, image.data() + symtab.sh_offset + k * sizeof(Sym), sizeof(sym));
      if (sym.st_shndx == SHN_UNDEF || sym.st_name >= strtab.sh_size) continue;
      auto bind = ELF64_ST_BIND(sym.st_info);
      if (bind != STB_GLOBAL && bind != STB_WEAK) continue;
      size_t max_len = strtab.sh_size - sym.st_name;
      const char* name = names + sym.st_name;
      if (strnlen(name, max_len) == symbol.size() &&
          std::memcmp(name, symbol.data(), symbol.size()) == 0) {
        return "";
      }
    }
  }
  return "does not export " + symbol;
}

} // namespace mxcore::cpu
