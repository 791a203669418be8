#include "io/json.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace mxcore::json {

const Value* Value::find(const std::string& key) const {
  for (auto& [k, v] : members) {
    if (k == key) return &v;
  }
  return nullptr;
}

namespace {

// Nesting deeper than this is refused (the recursion must not overflow the stack).
constexpr int kMaxDepth = 128;

class Parser {
 public:
  Parser(const std::string& text, const char* op) : s_(text), op_(op) {}

  Value parse_document() {
    Value v = parse_value(0);
    skip_ws();
    if (i_ != s_.size()) fail("trailing characters");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error(std::string("[") + op_ + "] Invalid JSON header: " + what +
                             " at byte " + std::to_string(i_) + ".");
  }
  char peek() const { return i_ < s_.size() ? s_[i_] : '\0'; }
  void skip_ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r'))
      ++i_;
  }
  void expect_word(const char* w) {
    for (const char* p = w; *p; ++p) {
      if (peek() != *p) fail("unexpected character");
      ++i_;
    }
  }

  Value parse_value(int depth) {
    if (depth > kMaxDepth) fail("nesting too deep");
    skip_ws();
    Value v;
    char c = peek();
    if (c == '{') {
      v.type = Value::Type::object;
      ++i_;
      skip_ws();
      if (peek() == '}') {
        ++i_;
        return v;
      }
      while (true) {
        skip_ws();
        if (peek() != '"') fail("expected a string key");
        std::string key = parse_string();
        skip_ws();
        if (peek() != ':') fail("expected ':'");
        ++i_;
        Value item = parse_value(depth + 1);
        v.members.emplace_back(std::move(key), std::move(item));
        skip_ws();
        if (peek() == ',') {
          ++i_;
        } else if (peek() == '}') {
          ++i_;
          return v;
        } else {
          fail("expected ',' or '}'");
        }
      }
    }
    if (c == '[') {
      v.type = Value::Type::array;
      ++i_;
      skip_ws();
      if (peek() == ']') {
        ++i_;
        return v;
      }
      while (true) {
        v.items.push_back(parse_value(depth + 1));
        skip_ws();
        if (peek() == ',') {
          ++i_;
        } else if (peek() == ']') {
          ++i_;
          return v;
        } else {
          fail("expected ',' or ']'");
        }
      }
    }
    if (c == '"') {
      v.type = Value::Type::string;
      v.string = parse_string();
      return v;
    }
    if (c == 't') {
      expect_word("true");
      v.type = Value::Type::boolean;
      v.boolean = true;
      return v;
    }
    if (c == 'f') {
      expect_word("false");
      v.type = Value::Type::boolean;
      return v;
    }
    if (c == 'n') {
      expect_word("null");
      return v;
    }
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) return parse_number();
    fail("unexpected character");
  }

  Value parse_number() {
    size_t start = i_;
    if (peek() == '-') ++i_;
    if (!std::isdigit(static_cast<unsigned char>(peek()))) fail("malformed number");
    bool integer = true;
    while (std::isdigit(static_cast<unsigned char>(peek()))) ++i_;
    if (peek() == '.') {
      integer = false;
      ++i_;
      if (!std::isdigit(static_cast<unsigned char>(peek()))) fail("malformed number");
      while (std::isdigit(static_cast<unsigned char>(peek()))) ++i_;
    }
    if (peek() == 'e' || peek() == 'E') {
      integer = false;
      ++i_;
      if (peek() == '+' || peek() == '-') ++i_;
      if (!std::isdigit(static_cast<unsigned char>(peek()))) fail("malformed number");
      while (std::isdigit(static_cast<unsigned char>(peek()))) ++i_;
    }
    std::string text = s_.substr(start, i_ - start);
    Value v;
    v.type = Value::Type::number;
    v.number = std::strtod(text.c_str(), nullptr);
    if (integer) {
      errno = 0;
      long long n = std::strtoll(text.c_str(), nullptr, 10);
      v.is_integer = errno == 0;
      v.integer = n;
    }
    return v;
  }

  unsigned parse_hex4() {
    unsigned cp = 0;
    for (int k = 0; k < 4; ++k) {
      char h = peek();
      ++i_;
      cp <<= 4;
      if (h >= '0' && h <= '9') cp |= h - '0';
      else if (h >= 'a' && h <= 'f') cp |= h - 'a' + 10;
      else if (h >= 'A' && h <= 'F') cp |= h - 'A' + 10;
      else fail("malformed \\u escape");
    }
    return cp;
  }

  static void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  std::string parse_string() {
    ++i_; // opening quote
    std::string out;
    while (true) {
      if (i_ >= s_.size()) fail("unterminated string");
      char c = s_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in string");
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      char e = peek();
      ++i_;
      switch (e) {
        case '"': out.push_back('"'); break;
        case '\\': out.push_back('\\'); break;
        case '/': out.push_back('/'); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'n': out.push_back('\n'); break;
        case 'r': out.push_back('\r'); break;
        case 't': out.push_back('\t'); break;
        case 'u': {
          unsigned cp = parse_hex4();
          // A UTF-16 surrogate pair encodes one code point above U+FFFF.
          if (cp >= 0xD800 && cp < 0xDC00 && peek() == '\\' && i_ + 1 < s_.size() &&
              s_[i_ + 1] == 'u') {
            i_ += 2;
            unsigned low = parse_hex4();
            if (low < 0xDC00 || low > 0xDFFF) fail("malformed surrogate pair");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(out, cp);
          break;
        }
        default: fail("malformed escape");
      }
    }
  }

  const std::string& s_;
  const char* op_;
  size_t i_ = 0;
};

} // namespace

Value parse(const std::string& text, const char* op) { return Parser(text, op).parse_document(); }

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out.push_back(c);
        }
    }
  }
  out.push_back('"');
  return out;
}

} // namespace mxcore::json
