// A small scanner over MSL text: comments removed, then each "[[kernel]]"
// is either a definition `void name(params) {` (an entry point unless it is
// a template) or an instantiation `decltype(name<args>) name<args>;` whose
// parameters are those of the template's definition.
#include "backend/metal/emulator/msl_signatures.h"

#include <cctype>
#include <map>
#include <stdexcept>

namespace mxcore::metal::emulator {

namespace {

std::string strip_comments(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '"') { // string literals (host names) are kept as they are
      size_t j = s.find('"', i + 1);
      if (j == std::string::npos) j = s.size() - 1;
      out.append(s, i, j - i + 1);
      i = j;
    } else if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
      out += '\n';
    } else if (s.compare(i, 2, "/*") == 0) {
      size_t j = s.find("*/", i + 2);
      i = j == std::string::npos ? s.size() : j + 1;
      out += ' ';
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

size_t skip_space(const std::string& s, size_t i) {
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return i;
}

// Index one past the bracket matching s[open] ('(' or '<').
size_t match(const std::string& s, size_t open) {
  char o = s[open], c = o == '(' ? ')' : '>';
  int depth = 0;
  for (size_t i = open; i < s.size(); ++i) {
    if (s[i] == o) ++depth;
    if (s[i] == c && --depth == 0) return i + 1;
  }
  throw std::invalid_argument("[metal::emulator] Unbalanced brackets in an MSL kernel.");
}

// Splits at commas outside (), <>, [].
std::vector<std::string> split_params(const std::string& s) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string cur;
  for (char ch : s) {
    if (ch == '(' || ch == '<' || ch == '[') ++depth;
    if (ch == ')' || ch == '>' || ch == ']') --depth;
    if (ch == ',' && depth == 0) {
      parts.push_back(trim(cur));
      cur.clear();
    } else {
      cur += ch;
    }
  }
  if (!trim(cur).empty()) parts.push_back(trim(cur));
  return parts;
}

KernelParam parse_param(const std::string& kernel, const std::string& p) {
  auto fail = [&](const std::string& why) {
    return std::invalid_argument("[metal::emulator] Kernel '" + kernel + "', parameter '" + p +
                                 "': " + why);
  };
  size_t a = p.find("[[");
  size_t b = p.find("]]", a);
  if (a == std::string::npos || b == std::string::npos) throw fail("no attribute");
  std::string attr = trim(p.substr(a + 2, b - a - 2));
  std::string decl = trim(p.substr(0, a));
  KernelParam k;
  if (attr.rfind("buffer(", 0) == 0) {
    k.buffer = std::stoi(attr.substr(7));
    if (decl.find('*') != std::string::npos) {
      k.kind = KernelParam::Kind::buffer_pointer;
    } else if (decl.find('&') != std::string::npos) {
      k.kind = KernelParam::Kind::buffer_reference;
    } else {
      throw fail("a buffer must be a pointer or a reference");
    }
    return k;
  }
  static const char* builtins[] = {
      "thread_position_in_grid",     "threads_per_grid",        "thread_position_in_threadgroup",
      "threads_per_threadgroup",     "threadgroup_position_in_grid", "threadgroups_per_grid",
      "thread_index_in_threadgroup"};
  for (const char* name : builtins) {
    if (attr != name) continue;
    k.builtin = name;
    std::string type = decl.substr(0, decl.find_last_of(" \t"));
    type = trim(type);
    if (type.size() >= 5 && type.compare(type.size() - 5, 5, "uint3") == 0) {
      k.width = 3;
    } else if (type.size() >= 5 && type.compare(type.size() - 5, 5, "uint2") == 0) {
      k.width = 2;
    } else if (type.size() >= 4 && type.compare(type.size() - 4, 4, "uint") == 0) {
      k.width = 1;
    } else {
      throw fail("built-ins must be uint, uint2 or uint3");
    }
    return k;
  }
  throw fail("the emulator does not provide [[" + attr + "]]");
}

std::string identifier_before(const std::string& s, size_t end) {
  size_t e = end;
  while (e > 0 && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  size_t b = e;
  while (b > 0 && (std::isalnum(static_cast<unsigned char>(s[b - 1])) || s[b - 1] == '_')) --b;
  return s.substr(b, e - b);
}

} // namespace

std::vector<KernelEntryPoint> parse_kernel_entry_points(const std::string& source) {
  const std::string s = strip_comments(source);
  std::map<std::string, std::vector<KernelParam>> definitions;
  struct Pending {
    std::string host, callee, function;
  };
  std::vector<Pending> pending; // instantiations and plain definitions, in order

  const std::string marker = "[[kernel]]";
  for (size_t at = s.find(marker); at != std::string::npos; at = s.find(marker, at + 1)) {
    // [[host_name("...")]] directly before, and whether this is a template.
    std::string host;
    size_t before = s.rfind("host_name(\"", at);
    size_t stmt = s.find_last_of(";}", at);
    stmt = stmt == std::string::npos ? 0 : stmt + 1;
    if (before != std::string::npos && before > stmt) {
      size_t q = s.find('"', before + 11);
      host = s.substr(before + 11, q - before - 11);
    }
    bool is_template = s.substr(stmt, at - stmt).find("template") != std::string::npos;
    size_t i = skip_space(s, at + marker.size());
    if (s.compare(i, 9, "decltype(") == 0) { // instantiation
      size_t close = match(s, i + 8);
      std::string callee = trim(s.substr(i + 9, close - i - 10));
      std::string function = trim(callee.substr(0, callee.find('<')));
      if (host.empty()) host = function;
      pending.push_back({host, callee, function});
      continue;
    }
    if (s.compare(i, 4, "void") != 0) {
      throw std::invalid_argument("[metal::emulator] A [[kernel]] function must return void.");
    }
    size_t open = s.find('(', i);
    std::string function = identifier_before(s, open);
    size_t close = match(s, open);
    std::vector<KernelParam> params;
    for (auto& p : split_params(s.substr(open + 1, close - open - 2))) {
      params.push_back(parse_param(function, p));
    }
    definitions[function] = std::move(params);
    if (!is_template) pending.push_back({host.empty() ? function : host, function, function});
  }

  std::vector<KernelEntryPoint> entries;
  for (auto& p : pending) {
    auto it = definitions.find(p.function);
    if (it == definitions.end()) {
      throw std::invalid_argument("[metal::emulator] Kernel '" + p.host +
                                  "' instantiates an unknown kernel template '" + p.function +
                                  "'.");
    }
    entries.push_back({p.host, p.callee, it->second});
  }
  return entries;
}

} // namespace mxcore::metal::emulator
