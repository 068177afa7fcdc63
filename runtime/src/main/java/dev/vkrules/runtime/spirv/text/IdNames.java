package dev.vkrules.runtime.spirv.text;

/** How the disassembler spells an id. */
interface IdNames {
  IdNames RAW = id -> "%" + Integer.toUnsignedString(id);

  String name(int id);
}
