package dev.vkrules.runtime.model;

import dev.vkrules.runtime.spirv.SpirvModule;

/**
 * One decoration applied to an id or a struct member: from {@code OpDecorate},
 * {@code OpDecorateId}, {@code OpDecorateString}, {@code OpMemberDecorate},
 * {@code OpMemberDecorateString}, or through a decoration group ({@link #group()} non-zero;
 * {@link #instruction()} is then the group's own decorating instruction).
 */
public final class DecorationInfo {
  private final SpirvModule module;
  private final int inst;
  private final int target;
  private final int member;
  private final int decoration;
  private final int firstValue;
  private final int group;

  DecorationInfo(SpirvModule module, int inst, int target, int member, int decoration, int firstValue, int group) {
    this.module = module;
    this.inst = inst;
    this.target = target;
    this.member = member;
    this.decoration = decoration;
    this.firstValue = firstValue;
    this.group = group;
  }

  DecorationInfo appliedTo(int newTarget, int newMember, int groupId) {
    return new DecorationInfo(module, inst, newTarget, newMember, decoration, firstValue, groupId);
  }

  /** The decorated id (a struct type for member decorations). */
  public int target() {
    return target;
  }

  /** The member index, or -1 for a decoration of the id itself. */
  public int member() {
    return member;
  }

  /** The Decoration enumerant value (see the generated {@code Decoration} constants). */
  public int decoration() {
    return decoration;
  }

  /** The instruction that names the decoration. */
  public int instruction() {
    return inst;
  }

  public int opcode() {
    return module.opcode(inst);
  }

  /** The decoration group it came through, or 0 when applied directly. */
  public int group() {
    return group;
  }

  /** How many operands follow the decoration (literals, ids or strings). */
  public int valueCount() {
    return module.operandCount(inst) - firstValue;
  }

  /** The first word of value operand {@code i}: a literal or, for {@code OpDecorateId}, an id. */
  public int value(int i) {
    return module.operandWord(inst, firstValue + i);
  }

  /** Value operand {@code i} read as a string ({@code OpDecorateString}, {@code UserSemantic}). */
  public String stringValue(int i) {
    return module.operandString(inst, firstValue + i);
  }

  @Override
  public String toString() {
    return "%" + target + (member >= 0 ? "." + member : "") + " decoration " + decoration;
  }
}
