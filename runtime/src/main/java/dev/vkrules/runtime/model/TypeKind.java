package dev.vkrules.runtime.model;

import dev.vkrules.runtime.spirv.grammar.Op;

/** What a type declaration declares; {@link #OTHER} for type opcodes without a dedicated kind. */
public enum TypeKind {
  VOID, BOOL, INT, FLOAT, VECTOR, MATRIX, IMAGE, SAMPLER, SAMPLED_IMAGE, ARRAY, RUNTIME_ARRAY,
  STRUCT, OPAQUE, POINTER, FUNCTION, FORWARD_POINTER, ACCELERATION_STRUCTURE, RAY_QUERY, OTHER;

  static TypeKind of(int opcode) {
    if (opcode == Op.OpTypeVoid) {
      return VOID;
    } else if (opcode == Op.OpTypeBool) {
      return BOOL;
    } else if (opcode == Op.OpTypeInt) {
      return INT;
    } else if (opcode == Op.OpTypeFloat) {
      return FLOAT;
    } else if (opcode == Op.OpTypeVector) {
      return VECTOR;
    } else if (opcode == Op.OpTypeMatrix) {
      return MATRIX;
    } else if (opcode == Op.OpTypeImage) {
      return IMAGE;
    } else if (opcode == Op.OpTypeSampler) {
      return SAMPLER;
    } else if (opcode == Op.OpTypeSampledImage) {
      return SAMPLED_IMAGE;
    } else if (opcode == Op.OpTypeArray) {
      return ARRAY;
    } else if (opcode == Op.OpTypeRuntimeArray) {
      return RUNTIME_ARRAY;
    } else if (opcode == Op.OpTypeStruct) {
      return STRUCT;
    } else if (opcode == Op.OpTypeOpaque) {
      return OPAQUE;
    } else if (opcode == Op.OpTypePointer) {
      return POINTER;
    } else if (opcode == Op.OpTypeFunction) {
      return FUNCTION;
    } else if (opcode == Op.OpTypeForwardPointer) {
      return FORWARD_POINTER;
    } else if (opcode == Op.OpTypeAccelerationStructureKHR) {
      return ACCELERATION_STRUCTURE;
    } else if (opcode == Op.OpTypeRayQueryKHR) {
      return RAY_QUERY;
    }
    return OTHER;
  }
}
