// Stub Objective-C runtime declarations: enough for metal-cpp to type-check
// on a machine without Apple's SDK (nothing here links or runs).
#pragma once
#ifdef __cplusplus
extern "C" {
#endif
typedef struct objc_class* Class;
struct objc_object { Class isa; };
typedef struct objc_object* id;
typedef struct objc_selector* SEL;
typedef id (*IMP)(id, SEL, ...);
typedef signed char BOOL;
typedef struct objc_object Protocol;
SEL sel_registerName(const char* name);
id objc_lookUpClass(const char* name);
Protocol* objc_getProtocol(const char* name);
#ifdef __cplusplus
}
#endif
