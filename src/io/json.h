// A minimal JSON reader and string escaper for safetensors headers (no
// dependency on a JSON library). Objects keep their key order.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace mxcore::json {

struct Value {
  enum class Type { null, boolean, number, string, array, object };
  Type type = Type::null;
  bool boolean = false;
  double number = 0;
  bool is_integer = false; // written without fraction or exponent
  int64_t integer = 0;     // valid when is_integer (and it fits)
  std::string string;
  std::vector<Value> items;                           // array
  std::vector<std::pair<std::string, Value>> members; // object

  const Value* find(const std::string& key) const;
};

// Parses one JSON value followed only by whitespace. Throws
// std::runtime_error("[<op>] ...") on malformed input.
Value parse(const std::string& text, const char* op);

// The JSON string literal (with quotes) for s; s is assumed UTF-8.
std::string quote(const std::string& s);

} // namespace mxcore::json
