// The object-graph fuzz type: TestClass (base-class fields, a shared object), polymorphic
// pointers through a registry (a numeric id and a name), unique pointers, and a tree whose
// nodes point back to their parents through weak_ptr. Shared by the harness and the seeds.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "kiln/kiln.hpp"
#include "test_class.hpp"
#include "workloads.hpp"

namespace kiln::fuzz {

class Shape {
 public:
  virtual ~Shape() = default;
  int id = 0;
  KILN_FIELDS(Shape, id)
};
class Circle : public Shape {
 public:
  double radius = 0;
  KILN_FIELDS_WITH_BASES(Circle, (Shape), radius)
};
class Label : public Shape {
 public:
  std::string text;
  std::weak_ptr<Shape> anchor;
  KILN_FIELDS_WITH_BASES(Label, (Shape), text, anchor)
};

// Listed with KILN_FIELDS: Boost.PFR cannot count the fields of an aggregate holding a vector
// of move-only elements under clang.
struct Graph {
  workloads::TestClass test_class;
  std::vector<std::shared_ptr<Shape>> shapes;
  std::vector<std::unique_ptr<Shape>> owned;
  workloads::Tree tree;
  KILN_FIELDS(Graph, test_class, shapes, owned, tree)
};

inline std::shared_ptr<const TypeRegistry> graph_types() {
  auto types = std::make_shared<TypeRegistry>();
  if (!types->add<Circle, Shape>(1) || !types->add_named<Label, Shape>("fuzz.Label")) return {};
  return types;
}

inline Graph make_graph() {
  Graph g;
  g.test_class = workloads::TestClass::make();
  auto circle = std::make_shared<Circle>();
  circle->id = 1;
  circle->radius = 2.5;
  auto label = std::make_shared<Label>();
  label->id = 2;
  label->text = "near the circle";
  label->anchor = circle;
  g.shapes = {circle, label, circle, std::make_shared<Shape>()};
  g.owned.push_back(std::make_unique<Circle>());
  g.owned.push_back(nullptr);
  g.tree = std::make_shared<workloads::TreeNode>();
  g.tree->name = "root";
  auto child = std::make_shared<workloads::TreeNode>();
  child->name = "child";
  child->parent = g.tree;
  g.tree->children = {child, child};
  return g;
}

// Objects first reached through a weak_ptr, which announces them (docs/FORMAT.md section 5.11):
// a label anchored to a circle listed after it, and a tree whose first child's parent link
// points at the second child, which owns the first.
inline Graph make_weak_first_graph() {
  Graph g;
  auto circle = std::make_shared<Circle>();
  circle->id = 1;
  auto label = std::make_shared<Label>();
  label->id = 2;
  label->anchor = circle;
  g.shapes = {label, circle};
  g.tree = std::make_shared<workloads::TreeNode>();
  auto a = std::make_shared<workloads::TreeNode>();
  auto b = std::make_shared<workloads::TreeNode>();
  a->name = "a";
  b->name = "b";
  a->parent = b;
  b->parent = g.tree;
  b->children = {a};
  g.tree->children = {a, b};
  return g;
}

}  // namespace kiln::fuzz
