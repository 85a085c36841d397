// Types of kiln-sdk/workloads.
export {
  Struct, Foo, Record, Bulk, TestClass, StructInput, FooInput, RecordInput, TestClassInput,
  TestBaseClass, TestBaseClassInput, Tree, TreeNode, TreeNodeInput,
} from './generated/workloads.js';
