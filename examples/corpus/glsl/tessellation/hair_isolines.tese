#version 450
// Hair strands as isolines, evaluation stage: Catmull-Rom along the guide, per-strand
// offsets from the isoline index (isolines, equal_spacing).
layout(isolines, equal_spacing) in;

layout(location = 0) in vec4 inControl[];
layout(set = 0, binding = 0, std140) uniform View { mat4 viewProj; } view;
layout(location = 0) out float outThickness;
layout(location = 1) out float outAlongStrand;

vec3 catmullRom(vec3 p0, vec3 p1, vec3 p2, vec3 p3, float t) {
    float t2 = t * t, t3 = t2 * t;
    return 0.5 * ((2.0 * p1) + (-p0 + p2) * t + (2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3) * t2
                  + (-p0 + 3.0 * p1 - 3.0 * p2 + p3) * t3);
}

void main() {
    float t = gl_TessCoord.x;
    float strand = gl_TessCoord.y;
    vec3 p = catmullRom(inControl[0].xyz, inControl[1].xyz, inControl[2].xyz, inControl[3].xyz, t);
    float angle = strand * 6.2831853 * 7.0;
    p += vec3(cos(angle), 0.0, sin(angle)) * 0.01 * strand * t;
    outThickness = mix(inControl[1].w, inControl[2].w, t) * (1.0 - t);
    outAlongStrand = t;
    gl_Position = view.viewProj * vec4(p, 1.0);
}
