# The benchmark workloads as Cap'n Proto structs (capnp compile -oc++ at build time). A map
# becomes a list of key/value structs in key order; int8/int16/char16 map to Int8/Int16/UInt16.
# TestClass's shared object is written twice (as a user serializing from C++ objects would), so
# identity is not kept. Field ordinals follow the FlatBuffers and protobuf schemas.
@0x8e31b98d3e6565c5;

$import "/capnp/c++.capnp".namespace("kiln_bench::cp");

struct Struct {
  f1 @0 :Int32;
  f2 @1 :Int64;
  f3 @2 :Float32;
  f4 @3 :Float64;
  f5 @4 :Int32;
  f6 @5 :Int64;
  f7 @6 :Float32;
  f8 @7 :Float64;
  f9 @8 :Int32;
  f10 @9 :Int64;
  f11 @10 :Float32;
  f12 @11 :Float64;
}

struct Entry {
  key @0 :Text;
  value @1 :Int64;
}

struct Foo {
  f1 @0 :Int32;
  f2 @1 :Text;
  f3 @2 :List(Text);
  f4 @3 :List(Entry);
}

struct Bulk {
  items @0 :List(Foo);
}

struct TestBaseClass {
  mByte @0 :Int8;
  mShort @1 :Int16;
  mLong @2 :Int64;
  mFloat @3 :Float32;
  mDouble @4 :Float64;
  mChar @5 :UInt16;
  mBoolean @6 :Bool;
  mInt @7 :Int32;
  mString @8 :Text;
  mInts @9 :List(Int32);
  mStrings @10 :List(Text);
}

struct TestClass {
  base @0 :TestBaseClass;
  mInt @1 :Int32;
  mObject1 @2 :TestBaseClass;
  mObject2 @3 :TestBaseClass;
  mObjects @4 :List(TestBaseClass);
}
