// Preprocessor map over up to 64 arguments: KILN_PP_MAP(M, ctx, a, b, ...) -> M(ctx, a), M(ctx, b),
// ... Written out to 64 arguments; extend the pattern for more.
#pragma once

#define KILN_PP_EXPAND(x) x
#define KILN_PP_COUNT(...)                                                                         \
  KILN_PP_EXPAND(KILN_PP_COUNT_(                                                                   \
      __VA_ARGS__, 64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, \
      44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22,  \
      21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1))
#define KILN_PP_COUNT_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, \
                       _18, _19, _20, _21, _22, _23, _24, _25, _26, _27, _28, _29, _30, _31, _32,  \
                       _33, _34, _35, _36, _37, _38, _39, _40, _41, _42, _43, _44, _45, _46, _47,  \
                       _48, _49, _50, _51, _52, _53, _54, _55, _56, _57, _58, _59, _60, _61, _62,  \
                       _63, _64, N, ...)                                                           \
  N
#define KILN_PP_CAT(a, b) KILN_PP_CAT_(a, b)
#define KILN_PP_CAT_(a, b) a##b
#define KILN_PP_MAP(M, ctx, ...) \
  KILN_PP_EXPAND(KILN_PP_CAT(KILN_PP_MAP_, KILN_PP_COUNT(__VA_ARGS__))(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_1(M, ctx, x) M(ctx, x)
#define KILN_PP_MAP_2(M, ctx, x, ...) M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_1(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_3(M, ctx, x, ...) M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_2(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_4(M, ctx, x, ...) M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_3(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_5(M, ctx, x, ...) M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_4(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_6(M, ctx, x, ...) M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_5(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_7(M, ctx, x, ...) M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_6(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_8(M, ctx, x, ...) M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_7(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_9(M, ctx, x, ...) M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_8(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_10(M, ctx, x, ...) M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_9(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_11(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_10(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_12(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_11(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_13(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_12(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_14(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_13(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_15(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_14(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_16(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_15(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_17(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_16(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_18(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_17(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_19(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_18(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_20(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_19(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_21(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_20(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_22(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_21(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_23(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_22(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_24(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_23(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_25(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_24(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_26(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_25(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_27(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_26(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_28(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_27(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_29(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_28(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_30(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_29(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_31(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_30(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_32(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_31(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_33(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_32(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_34(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_33(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_35(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_34(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_36(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_35(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_37(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_36(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_38(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_37(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_39(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_38(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_40(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_39(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_41(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_40(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_42(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_41(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_43(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_42(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_44(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_43(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_45(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_44(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_46(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_45(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_47(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_46(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_48(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_47(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_49(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_48(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_50(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_49(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_51(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_50(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_52(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_51(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_53(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_52(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_54(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_53(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_55(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_54(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_56(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_55(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_57(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_56(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_58(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_57(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_59(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_58(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_60(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_59(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_61(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_60(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_62(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_61(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_63(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_62(M, ctx, __VA_ARGS__))
#define KILN_PP_MAP_64(M, ctx, x, ...) \
  M(ctx, x), KILN_PP_EXPAND(KILN_PP_MAP_63(M, ctx, __VA_ARGS__))
