#include "backend/cpu/kernel_ops_pieces.h"

#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "backend/cpu/cpp_dialect.h"

namespace mxcore::cpu {

namespace {

struct Piece {
  std::string name;
  std::string text;
  std::vector<std::string> needs;
};

struct Pieces {
  std::string head; // everything before the first piece
  std::vector<Piece> pieces;
  std::unordered_map<std::string, size_t> index;
  std::string tail; // from "//~ end" on
};

std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ') ++j;
    if (j > i) words.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return words;
}

Pieces parse_pieces(std::string_view text) {
  constexpr std::string_view piece_mark = "//~ piece ", needs_mark = "//~ needs ",
                             end_mark = "//~ end";
  Pieces out;
  std::string* current = &out.head;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
    auto line = text.substr(pos, next - pos);
    auto content = line.substr(0, line.find('\n'));
    if (content.rfind(piece_mark, 0) == 0) {
      out.pieces.push_back({std::string(content.substr(piece_mark.size())), "", {}});
      out.index[out.pieces.back().name] = out.pieces.size() - 1;
      current = &out.pieces.back().text;
    } else if (content.rfind(needs_mark, 0) == 0 && !out.pieces.empty()) {
      for (auto& w : split_words(content.substr(needs_mark.size()))) {
        out.pieces.back().needs.push_back(w);
      }
    } else if (content.rfind(end_mark, 0) == 0) {
      current = &out.tail;
    } else {
      current->append(line);
    }
    pos = next;
  }
  return out;
}

const Pieces& pieces() {
  static const Pieces p = parse_pieces(kernel_ops_text);
  return p;
}

} // namespace

std::string kernel_ops_preamble(const std::vector<std::string>& functors) {
  const auto& p = pieces();
  std::vector<bool> wanted(p.pieces.size(), false);
  std::vector<std::string> todo = functors;
  while (!todo.empty()) {
    auto name = std::move(todo.back());
    todo.pop_back();
    auto it = p.index.find(name);
    if (it == p.index.end()) {
      throw std::logic_error("[compile] kernel_ops.h defines no functor piece named '" + name +
                             "'.");
    }
    if (wanted[it->second]) continue;
    wanted[it->second] = true;
    for (auto& n : p.pieces[it->second].needs) todo.push_back(n);
  }
  // File order: a piece's needs come before it.
  std::string text = p.head;
  for (size_t i = 0; i < p.pieces.size(); ++i) {
    if (wanted[i]) text += p.pieces[i].text;
  }
  return text + p.tail;
}

std::vector<std::string> kernel_ops_piece_names() {
  std::vector<std::string> names;
  for (auto& piece : pieces().pieces) names.push_back(piece.name);
  return names;
}

} // namespace mxcore::cpu
